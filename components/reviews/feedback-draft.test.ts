import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearDraft, noteSignUp, readDraft, signedUpRecently, writeDraft } from './feedback-draft';

/** A tab's sessionStorage, as the browser has it. */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const id = '6f1c1f7e-5a3b-4c1d-9e2f-0a1b2c3d4e5f';

describe('feedback drafts', () => {
  beforeEach(() => {
    (globalThis as { window?: unknown }).window = { sessionStorage: new MemoryStorage() };
  });
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it('keeps a draft per visit until cleared', () => {
    expect(readDraft(id)).toBeUndefined();
    writeDraft(id, { rating: 4, text: 'Kind', autoSubmit: true });
    expect(readDraft(id)).toEqual({ rating: 4, text: 'Kind', autoSubmit: true });
    expect(readDraft('another')).toBeUndefined();
    clearDraft(id);
    expect(readDraft(id)).toBeUndefined();
  });

  it('drops what is not a rating, and removes a corrupt draft', () => {
    const storage = (globalThis as unknown as { window: { sessionStorage: MemoryStorage } }).window.sessionStorage;
    storage.setItem(`feedback-draft:${id}`, JSON.stringify({ rating: 9, text: 5, autoSubmit: 'yes' }));
    expect(readDraft(id)).toEqual({ rating: undefined, text: '', autoSubmit: false });
    storage.setItem(`feedback-draft:${id}`, '{not json');
    expect(readDraft(id)).toBeUndefined();
    expect(storage.getItem(`feedback-draft:${id}`)).toBeNull();
  });

  it('tells a sign-up of the last hour', () => {
    expect(signedUpRecently()).toBe(false);
    const now = Date.now();
    noteSignUp(now);
    expect(signedUpRecently(now + 59 * 60_000)).toBe(true);
    expect(signedUpRecently(now + 61 * 60_000)).toBe(false);
  });

  it('does nothing without a window (server rendering)', () => {
    delete (globalThis as { window?: unknown }).window;
    writeDraft(id, { rating: 3, text: 'x' });
    expect(readDraft(id)).toBeUndefined();
    expect(signedUpRecently()).toBe(false);
  });
});
