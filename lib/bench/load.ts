/**
 * Closed-loop load on one loopback server with autocannon: `connections` clients, each sending
 * its next request as soon as the previous answer arrives, for a bounded time. The requests of
 * a mix are handed out round-robin across all clients. Latencies are kept per request so p95
 * can be read exactly (autocannon's own summary has p90 and p97.5 but no p95).
 */
import { createRequire } from 'node:module';
import type { BenchRequest } from './workload';

const require = createRequire(import.meta.url);

interface AutocannonInstance {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
  on(event: 'done', listener: (result: AutocannonResult) => void): void;
  stop(): void;
}
interface AutocannonResult {
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
}
type Autocannon = (options: Record<string, unknown>) => AutocannonInstance;

// autocannon ships no types; this is the part of its API used here.
const autocannon = require('autocannon') as Autocannon;

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers that were not 2xx, connection errors and timeouts. */
  failures: number;
  statusCodes: Record<number, number>;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

export async function runLoad(options: {
  baseUrl: string;
  requests: BenchRequest[];
  connections: number;
  seconds: number;
  /** Stop earlier after this many answers (keeps every load bounded in count as well as time). */
  maxRequests?: number;
  /** Receives every latency (ms), for percentiles over several runs. */
  onLatency?: (ms: number) => void;
}): Promise<LoadResult> {
  const list = options.requests;
  let next = 0;
  const latencies: number[] = [];
  const statusCodes: Record<number, number> = {};
  const started = performance.now();
  const result = await new Promise<AutocannonResult>((resolve, reject) => {
    try {
      const instance = autocannon({
        url: options.baseUrl,
        connections: options.connections,
        duration: options.seconds,
        maxOverallRequests: options.maxRequests ?? 200_000,
        timeout: 20,
        requests: [
          {
            setupRequest: (request: Record<string, unknown>) => {
              const item = list[next++ % list.length]!;
              return { ...request, method: 'GET', path: item.path, headers: { ...(item.headers ?? {}) } };
            },
          },
        ],
      });
      instance.on('response', (_client, status, _bytes, ms) => {
        latencies.push(ms);
        options.onLatency?.(ms);
        statusCodes[status] = (statusCodes[status] ?? 0) + 1;
      });
      instance.on('done', resolve);
    } catch (error) {
      reject(error);
    }
  });
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failures: result.errors + result.non2xx, // errors include timeouts
    statusCodes,
  };
}

/** Sends each request once, one at a time, and returns the status codes seen (a warm-up and a sanity check). */
export async function sendEach(baseUrl: string, requests: BenchRequest[]): Promise<Map<number, number>> {
  const codes = new Map<number, number>();
  for (const request of requests) {
    const response = await fetch(`${baseUrl}${request.path}`, { headers: request.headers, redirect: 'manual' });
    await response.arrayBuffer();
    codes.set(response.status, (codes.get(response.status) ?? 0) + 1);
  }
  return codes;
}
