#!/usr/bin/env node
/**
 * Compressed JavaScript a browser loads for a page: every public page stays at or under 150 kB
 * once idle (lib/docs/decisions/public-page-javascript.md). Against a running production server:
 *
 *   node lib/scripts/measure-js.mjs [--base http://localhost:3000] [--path /provider-details/11 ...] [--budget 150]
 *   node lib/scripts/measure-js.mjs --public [--json] [--verbose]   # every public page
 *
 * Without --path it finds a provider near New York through GET /v4/providers; --path may be
 * given several times; --public measures every public page and prints a table. It reads the
 * page's HTML, collects every script it loads (<script src>, except noModule polyfills that
 * modern browsers skip, and the chunks the page preloads with <link rel="preload|modulepreload"
 * as="script">), fetches each with
 * `accept-encoding: br, gzip` as a browser would and adds up the bytes on the wire. That is the
 * first load ("Total:"); chunks the client fetches later are not in it.
 *
 * Then it opens the page in Chromium (when one is installed: CHROMIUM_PATH or `chromium` on the
 * PATH) and reports every script the browser has fetched once the page is idle (network idle,
 * six more seconds, network idle again) as "Settled:": the first load, the chunks the page
 * fetches once settled, and whatever Next's <Link> prefetches. Every public page is held
 * to the budget by that figure (the first load is only the part that delays the first render);
 * the exit code is 1 when a page's idle figure (its first load without a Chromium) is over it.
 */
import { execSync } from 'node:child_process';
import http from 'node:http';
import https from 'node:https';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 && process.argv[index + 1] ? process.argv[index + 1] : fallback;
}

const base = option('base', process.env.BASE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const budgetKb = Number(option('budget', '150'));

async function providerPath() {
  const response = await fetch(`${base}/v4/providers?lat=40.7128&lng=-74.0060&pageSize=1`);
  if (!response.ok) throw new Error(`GET /v4/providers answered ${response.status}`);
  const { items } = await response.json();
  if (!items?.length) throw new Error('no provider near New York to measure');
  return `/provider-details/${items[0].id}`;
}

/** Script URLs of the first load: script tags and script preloads, in document order, once each. */
export function scriptUrls(html, pageUrl) {
  const urls = new Set();
  for (const match of html.matchAll(/<script\b[^>]*>/g)) {
    // noModule scripts (legacy polyfills) are skipped by every browser that runs modules.
    if (/\bnomodule\b/i.test(match[0])) continue;
    const src = /\bsrc="([^"]+)"/.exec(match[0])?.[1];
    if (src) urls.add(src);
  }
  for (const match of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = match[0];
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1] ?? '';
    const as = /\bas="([^"]+)"/.exec(tag)?.[1] ?? '';
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href && (rel === 'modulepreload' || (rel === 'preload' && as === 'script'))) urls.add(href);
  }
  return [...urls].map((url) => new URL(url.replaceAll('&amp;', '&'), pageUrl).toString());
}

/** Bytes on the wire: the body as the server sent it (node:http does not decode), and its decoded size. */
function transferSize(url) {
  return new Promise((resolve, reject) => {
    const get = url.startsWith('https:') ? https.get : http.get;
    get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`${url} answered ${response.statusCode}`));
        return;
      }
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'] ?? 'none';
        const raw =
          encoding === 'br'
            ? brotliDecompressSync(body).length
            : encoding === 'gzip'
              ? gunzipSync(body).length
              : body.length;
        resolve({ url, encoding, raw, wire: body.length });
      });
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** How long the page is left alone after its network first goes quiet: longer than the 3 s after
 * which the shell used to fetch its deferred parts (they now wait for the visitor's intent, components/ui/preload-on-intent.ts), so anything fetched on a timer counts. */
const SETTLE_MS = 6000;

/**
 * Every script response of a real page load in Chromium until the page is idle: network idle,
 * then SETTLE_MS more, then network idle again. One fresh browser context per page (empty cache),
 * a desktop viewport (more links in view than on a phone, so more prefetches: the stricter case).
 */
async function idleScripts(browser, pageUrl) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const responses = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') responses.push(response);
    });
    await page.goto(pageUrl, { waitUntil: 'networkidle' });
    await page.waitForTimeout(SETTLE_MS);
    await page.waitForLoadState('networkidle');
    let wire = 0;
    for (const response of responses) wire += (await response.request().sizes()).responseBodySize;
    return { wire, count: responses.length, urls: responses.map((r) => new URL(r.url()).pathname) };
  } finally {
    await context.close();
  }
}

async function launchChromium() {
  const executablePath =
    process.env.CHROMIUM_PATH ||
    execSync('command -v chromium || command -v chromium-browser || true', { shell: '/bin/sh' }).toString().trim();
  if (!executablePath) return undefined;
  const { chromium } = await import('@playwright/test');
  return chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * The public pages: every page a visitor reaches without an account. The provider
 * and clinic pages are the first ones near New York.
 */
async function publicPaths() {
  const provider = await providerPath();
  const response = await fetch(`${base}/v4/clinics?lat=40.7128&lng=-74.0060&pageSize=1`);
  if (!response.ok) throw new Error(`GET /v4/clinics answered ${response.status}`);
  const { items } = await response.json();
  if (!items?.length) throw new Error('no clinic near New York to measure');
  return [
    '/',
    provider,
    `/clinic-details/${items[0].id}`,
    '/featured-search',
    '/login',
    '/signup',
    '/forgot-password',
    '/terms-and-conditions',
    '/privacy-policy',
    '/useragreement',
    '/hippa',
  ];
}

function optionValues(name) {
  const values = [];
  process.argv.forEach((arg, index) => {
    if (arg === `--${name}` && process.argv[index + 1]) values.push(process.argv[index + 1]);
  });
  return values;
}

const kb = (n) => (n / 1024).toFixed(1);

/** First load (from the HTML) and idle (from Chromium) of one page, printed as it goes. */
async function measurePage(browser, path, verbose) {
  const pageUrl = `${base}${path}`;
  const page = await fetch(pageUrl, { headers: { 'accept-encoding': 'br, gzip' } });
  if (!page.ok) throw new Error(`${pageUrl} answered ${page.status}`);
  const html = await page.text();
  const results = [];
  for (const url of scriptUrls(html, pageUrl)) results.push(await transferSize(url));
  const total = results.reduce((sum, r) => sum + r.wire, 0);
  const raw = results.reduce((sum, r) => sum + r.raw, 0);
  console.log(
    `Page: ${pageUrl} (HTML ${kb(Buffer.byteLength(html))} kB uncompressed, x-nextjs-cache: ${page.headers.get('x-nextjs-cache') ?? '-'})`,
  );
  if (verbose) {
    for (const r of results.sort((a, b) => b.wire - a.wire)) {
      console.log(
        `${kb(r.wire).padStart(7)} kB  ${kb(r.raw).padStart(7)} kB raw  ${r.encoding.padEnd(4)}  ${new URL(r.url).pathname}`,
      );
    }
  }
  console.log(
    `Total: ${kb(total)} kB compressed (${kb(raw)} kB uncompressed) in ${results.length} scripts; budget ${budgetKb} kB`,
  );
  const idle = browser ? await idleScripts(browser, pageUrl) : undefined;
  if (idle) {
    console.log(
      `Settled: ${kb(idle.wire)} kB compressed in ${idle.count} scripts once the page is idle (first load, chunks fetched when settled, routes prefetched for visible links)`,
    );
    if (verbose) {
      const first = new Set(results.map((r) => new URL(r.url).pathname));
      for (const url of idle.urls.filter((u) => !first.has(u))) console.log(`  after the first load: ${url}`);
    }
  }
  return { path, firstLoadKb: Number(kb(total)), idleKb: idle ? Number(kb(idle.wire)) : null };
}

async function main() {
  const paths = process.argv.includes('--public') ? await publicPaths() : optionValues('path');
  if (!paths.length) paths.push(await providerPath());
  const verbose = paths.length === 1 || process.argv.includes('--verbose');
  const browser = await launchChromium();
  const pages = [];
  try {
    for (const path of paths) pages.push(await measurePage(browser, path, verbose));
  } finally {
    await browser?.close();
  }
  // The budget holds for what the browser has fetched once idle; without a Chromium
  // only the first load can be checked.
  const over = pages.filter((p) => (p.idleKb ?? p.firstLoadKb) > budgetKb);
  if (pages.length > 1) {
    console.log(`\n${'page'.padEnd(32)} ${'first load'.padStart(10)} ${'idle'.padStart(8)}  budget ${budgetKb} kB`);
    for (const p of pages) {
      console.log(
        `${p.path.padEnd(32)} ${`${p.firstLoadKb.toFixed(1)} kB`.padStart(10)} ${(p.idleKb === null ? '-' : `${p.idleKb.toFixed(1)} kB`).padStart(8)}  ${over.includes(p) ? 'over' : 'ok'}`,
      );
    }
  }
  if (process.argv.includes('--json')) console.log(`JSON: ${JSON.stringify({ budgetKb, pages })}`);
  if (over.length) {
    console.log('Over budget.');
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error.message ?? error);
  process.exitCode = 2;
});
