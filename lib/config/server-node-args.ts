/**
 * The JavaScript heap bound the server process runs with unless the operator sets one. V8's own
 * limit is a share of the machine's memory (about 4 GB on a 24 GB host), and V8 grows the heap into
 * that room before it collects in full: in five-minute soaks each process climbed 16-85% under a
 * steady load while its live objects stayed at about 150 MB (heap snapshots). Bounded at 512 MB, a
 * process stayed flat at about 410 MB resident with the same latencies and no error
 * (lib/docs/guides/benchmark.md), and the bound keeps three times the live heap as headroom. A host
 * that needs more sets `NODE_OPTIONS=--max-old-space-size=<MB>`, which wins.
 */
export const DEFAULT_HEAP_MB = 512;

const HEAP_FLAG = /--max[-_]old[-_]space[-_]size\b/;

/**
 * Node arguments for the server process: the default heap bound unless NODE_OPTIONS or
 * SERVE_NODE_ARGS names one (a flag on the command line would override NODE_OPTIONS), then
 * SERVE_NODE_ARGS (such as the --cpu-prof the booking profile asks for; Node refuses it in NODE_OPTIONS).
 */
export function serverNodeArgs(env: Record<string, string | undefined>): string[] {
  const extra = (env.SERVE_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const bounded = HEAP_FLAG.test(env.NODE_OPTIONS ?? '') || extra.some((arg) => HEAP_FLAG.test(arg));
  return bounded ? extra : [`--max-old-space-size=${DEFAULT_HEAP_MB}`, ...extra];
}
