import { execSync } from 'node:child_process';

/*
 * The Chromium the end-to-end tests and the bench's Lighthouse runs launch: Debian's package
 * (never a download), with the flags this machine needs and nothing phoning home.
 */

/** CHROMIUM_PATH, else `chromium` (or `chromium-browser`) on the PATH; empty when there is none. */
export function chromiumPath(): string {
  return (
    process.env.CHROMIUM_PATH ||
    execSync('command -v chromium || command -v chromium-browser || true', { shell: '/bin/sh' }).toString().trim()
  );
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
