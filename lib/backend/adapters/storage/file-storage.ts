import 'server-only';

export interface StoredObject {
  contentType: string;
  bytes: Buffer;
}

/**
 * Where uploaded files live (ARCHITECTURE.md "Adapters"). Keys are opaque and chosen by the
 * caller; nothing about a file's owner is inferred from them (ownership is the images table's).
 * `database` writes join the caller's transaction; `s3` writes do not (callers store the object
 * first and remove it if the rows naming it fail). A store that cannot answer throws
 * ApiError('storageUnavailable') (503).
 */
export interface FileStorage {
  readonly kind: 'database' | 's3';
  put(key: string, object: StoredObject): Promise<void>;
  get(key: string): Promise<StoredObject | undefined>;
  has(key: string): Promise<boolean>;
  /** Deleting a key that is not there is not an error. */
  delete(key: string): Promise<void>;
}
