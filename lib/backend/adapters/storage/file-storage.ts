import 'server-only';

export interface StoredObject {
  contentType: string;
  bytes: Buffer;
}

/**
 * Where uploaded files live (lib/docs/architecture.md "Inside the backend"): files under DATA_DIR by default, an
 * S3-compatible bucket when configured. Keys are opaque and chosen by the caller; nothing about
 * a file's owner is inferred from them (ownership is the images table's, which also keeps the
 * type and size). Neither store joins a database transaction: callers commit a pending row
 * before writing and mark it stored after (images-service.ts). A store that cannot answer
 * throws ApiError('storageUnavailable') (503).
 */
export interface FileStorage {
  readonly kind: 'disk' | 's3';
  put(key: string, object: StoredObject): Promise<void>;
  get(key: string): Promise<StoredObject | undefined>;
  has(key: string): Promise<boolean>;
  /** Deleting a key that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Removes partial writes a crash left behind (the disk store's temporary files) older than `before`. */
  sweepPartialWrites?(before: Date): Promise<number>;
}
