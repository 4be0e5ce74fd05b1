/**
 * The request id every /v4 and /api answer carries and every log line written while answering it
 * repeats (lib/logging/logger.ts). A contract, since callers may send their own: the OpenAPI
 * document names the header and the ids the server keeps.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id a proxy or the BFF already gave the request is kept, so one id follows it through every
 * hop; only a short token of safe characters, since it is echoed into a response header and
 * written into every log line.
 */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;
