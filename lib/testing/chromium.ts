import { execSync } from 'node:child_process';

/*
 * The Chromium the end-to-end tests and the bench's Lighthouse runs launch: Debian's packages
 * (never a download), with the flags this machine needs and nothing phoning home.
 */

const onPath = (names: string[]): string =>
  execSync(names.map((name) => `command -v ${name}`).join(' || ') + ' || true', { shell: '/bin/sh' })
    .toString()
    .trim();

/**
 * The full browser, for Lighthouse (which measures what a visitor's Chrome does): CHROMIUM_PATH,
 * else `chromium` (or `chromium-browser`) on the PATH; empty when there is none.
 */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || onPath(['chromium', 'chromium-browser']);
}

/**
 * The end-to-end tests' browser: Debian's `chromium-headless-shell` when installed, as
 * Playwright itself runs headless Chromium (the same Blink and V8 without the full browser's
 * windowing: the page-widths spec took 2.0 min in it against 3.6 in the full browser), else the
 * full browser.
 */
export function headlessShellPath(): string {
  return process.env.CHROMIUM_PATH || onPath(['chromium-headless-shell']) || chromiumPath();
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
