// The security headers of every answer (lib/docs/decisions/content-security-policy.md), in one
// plain module because next.config.mjs (static headers, built in) and middleware.ts (the pages'
// Content-Security-Policy, decided per request) both read it.

const MAPS_HOSTS = {
  script: ['https://maps.googleapis.com', 'https://*.gstatic.com'],
  connect: ['https://*.googleapis.com', 'https://*.google.com', 'https://*.gstatic.com'],
  img: [
    'https://*.googleapis.com',
    'https://*.gstatic.com',
    'https://*.google.com',
    'https://*.ggpht.com',
    'https://*.googleusercontent.com',
  ],
  style: ['https://fonts.googleapis.com'],
  font: ['https://fonts.gstatic.com'],
};

/** Accept.js posts the card to its environment's API host, not the script's host. */
function acceptApiOrigins(scriptHost) {
  if (scriptHost === 'jstest.authorize.net') return ['https://apitest.authorize.net'];
  if (scriptHost === 'js.authorize.net') return ['https://api2.authorize.net', 'https://api.authorize.net'];
  return [];
}

/**
 * The Content-Security-Policy. With a nonce (pages that show personal data, rendered per
 * request) scripts run only when they carry it or are loaded by one that does
 * ('strict-dynamic'); without one (the cached public pages, whose HTML is shared by every
 * visitor) inline scripts are allowed, as Next's bootstrap differs per page.
 */
export function contentSecurityPolicy(options = {}) {
  const maps = options.mapsKey;
  const payment = options.paymentScriptUrl ? [new URL(options.paymentScriptUrl).origin] : [];
  const paymentApi = options.paymentScriptUrl ? acceptApiOrigins(new URL(options.paymentScriptUrl).hostname) : [];
  const scripts = options.nonce ? [`'nonce-${options.nonce}'`, "'strict-dynamic'"] : ["'unsafe-inline'"];
  // `next dev` only: React's development build and hot reloading evaluate code.
  if (options.dev) scripts.push("'unsafe-eval'");
  const directives = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...scripts, ...(maps ? MAPS_HOSTS.script : []), ...payment]],
    ['style-src', ["'self'", "'unsafe-inline'", ...(maps ? MAPS_HOSTS.style : [])]],
    ['img-src', ["'self'", 'data:', 'blob:', ...(maps ? MAPS_HOSTS.img : [])]],
    ['font-src', ["'self'", ...(maps ? MAPS_HOSTS.font : [])]],
    ['connect-src', ["'self'", ...(maps ? MAPS_HOSTS.connect : []), ...payment, ...paymentApi]],
    // The brochure PDF (/brochure.pdf) is framed from our own origin.
    ['frame-src', ["'self'", ...payment]],
    ['worker-src', ["'self'", 'blob:']],
    ['manifest-src', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** The headers besides the CSP, the same on every answer. */
export const STATIC_SECURITY_HEADERS = [
  // Only honoured over HTTPS (browsers ignore it on plain HTTP, so localhost is unaffected); a
  // TLS proxy in front passes it on.
  ['Strict-Transport-Security', 'max-age=63072000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Frame-Options', 'DENY'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(self)'],
];

/**
 * Pages that show personal data. They are rendered per request anyway (they read the session),
 * so they get a per-request nonce and no 'unsafe-inline' for scripts.
 */
export const PERSONAL_PAGE =
  /^(?:\/es)?\/(?:account-section|all-appointments|appointment-details|book-new-appointment|chat|favorites|submit-feedback)(?:\/|$)/;
