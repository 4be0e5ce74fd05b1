import { describe, expect, it } from 'vitest';
import { DEFAULT_HEAP_MB, serverNodeArgs } from './server-node-args';

describe('the server process heap bound', () => {
  it('bounds the heap by default', () => {
    expect(serverNodeArgs({})).toEqual([`--max-old-space-size=${DEFAULT_HEAP_MB}`]);
  });

  it("leaves the operator's NODE_OPTIONS bound alone, in either spelling", () => {
    expect(serverNodeArgs({ NODE_OPTIONS: '--enable-source-maps --max-old-space-size=2048' })).toEqual([]);
    expect(serverNodeArgs({ NODE_OPTIONS: '--max_old_space_size=2048' })).toEqual([]);
  });

  it('passes SERVE_NODE_ARGS through, after the default or with its own bound', () => {
    expect(serverNodeArgs({ SERVE_NODE_ARGS: ' --cpu-prof  --cpu-prof-dir=/tmp/p ' })).toEqual([
      `--max-old-space-size=${DEFAULT_HEAP_MB}`,
      '--cpu-prof',
      '--cpu-prof-dir=/tmp/p',
    ]);
    expect(serverNodeArgs({ SERVE_NODE_ARGS: '--max-old-space-size=256' })).toEqual(['--max-old-space-size=256']);
  });

  it('keeps other heap flags from counting as a bound', () => {
    expect(serverNodeArgs({ NODE_OPTIONS: '--max-semi-space-size=64' })).toEqual([
      `--max-old-space-size=${DEFAULT_HEAP_MB}`,
    ]);
  });
});
