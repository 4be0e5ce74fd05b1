/*
 * A stand-in for `next/headers` in tests that call BFF route handlers directly: one cookie jar
 * (one "browser"), as iron-session and the handlers read and write it. In a test file:
 *   vi.mock('next/headers', () => import('./next-headers-mock'));
 *   import { jar } from '../testing/next-headers-mock';
 */
export const jar = new Map<string, string>();

export async function cookies() {
  return {
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
    set: (name: string, value: string, options?: { maxAge?: number }) => {
      if (options?.maxAge === 0 || value === '') jar.delete(name);
      else jar.set(name, value);
    },
    delete: (name: string) => jar.delete(name),
  };
}
