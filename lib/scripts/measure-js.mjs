#!/usr/bin/env node
/**
 * Compressed JavaScript a browser loads for a page (issue 3: the provider page must stay under
 * 130 kB). Against a running production server:
 *
 *   node lib/scripts/measure-js.mjs [--base http://localhost:3000] [--path /provider-details/11] [--budget 130]
 *
 * Without --path it finds a provider near New York through GET /v4/providers. It reads the
 * page's HTML, collects every script it loads (<script src>, except noModule polyfills that
 * modern browsers skip, and the chunks the page preloads with <link rel="preload|modulepreload"
 * as="script">), fetches each with
 * `accept-encoding: br, gzip` as a browser would and adds up the bytes on the wire. Chunks the
 * client fetches later (dialogs loaded when idle, `next/dynamic` parts) are not counted: they
 * are not part of the first load. Exits with 1 when the total is over the budget.
 *
 * So that the deferred chunks are not hidden, it then opens the page in Chromium (when one is
 * installed: CHROMIUM_PATH or `chromium` on the PATH) and also reports every script the browser
 * has fetched once the page has settled (network idle, then two more seconds), as "Settled:".
 * That includes what Next's <Link> prefetches for the links in view (the login and sign-up
 * pages' forms bring zod and libphonenumber): fetched when the browser is idle, not run.
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
const budgetKb = Number(option('budget', '130'));

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

/** Every script response of a real page load in Chromium, until the page has been idle a moment. */
async function settledScripts(pageUrl) {
  const executablePath =
    process.env.CHROMIUM_PATH ||
    execSync('command -v chromium || command -v chromium-browser || true', { shell: '/bin/sh' }).toString().trim();
  if (!executablePath) return undefined;
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  try {
    const page = await browser.newPage();
    const responses = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') responses.push(response);
    });
    await page.goto(pageUrl, { waitUntil: 'networkidle' });
    await page.waitForTimeout(2000);
    await page.waitForLoadState('networkidle');
    let wire = 0;
    for (const response of responses) wire += (await response.request().sizes()).responseBodySize;
    return { wire, count: responses.length };
  } finally {
    await browser.close();
  }
}

async function main() {
  const path = option('path', undefined) ?? (await providerPath());
  const pageUrl = `${base}${path}`;
  const page = await fetch(pageUrl, { headers: { 'accept-encoding': 'br, gzip' } });
  if (!page.ok) throw new Error(`${pageUrl} answered ${page.status}`);
  const html = await page.text();
  const results = [];
  for (const url of scriptUrls(html, pageUrl)) results.push(await transferSize(url));
  const total = results.reduce((sum, r) => sum + r.wire, 0);
  const raw = results.reduce((sum, r) => sum + r.raw, 0);
  const kb = (n) => (n / 1024).toFixed(1);
  console.log(
    `Page: ${pageUrl} (HTML ${kb(Buffer.byteLength(html))} kB uncompressed, x-nextjs-cache: ${page.headers.get('x-nextjs-cache') ?? '-'})`,
  );
  for (const r of results.sort((a, b) => b.wire - a.wire)) {
    console.log(
      `${kb(r.wire).padStart(7)} kB  ${kb(r.raw).padStart(7)} kB raw  ${r.encoding.padEnd(4)}  ${new URL(r.url).pathname}`,
    );
  }
  console.log(
    `Total: ${kb(total)} kB compressed (${kb(raw)} kB uncompressed) in ${results.length} scripts; budget ${budgetKb} kB`,
  );
  const settled = await settledScripts(pageUrl);
  if (settled) {
    console.log(
      `Settled: ${kb(settled.wire)} kB compressed in ${settled.count} scripts once the page is idle (first load, chunks fetched when settled, routes prefetched for visible links)`,
    );
  }
  if (total / 1024 > budgetKb) {
    console.log('Over budget.');
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error.message ?? error);
  process.exitCode = 2;
});
