import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, currentRequestId, logger, replaceRootLogger, withLogContext, withRequestLog } from './logger';
import { requestIdOf } from './request-id';

/** A root logger writing parsed lines into an array instead of stdout. */
function captureLines(): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  restore = replaceRootLogger(createLogger({ write: (line: string) => void lines.push(JSON.parse(line)) }, 'debug'));
  return lines;
}

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestIdOf', () => {
  it('keeps a short safe token', () => {
    expect(requestIdOf(new Headers({ 'x-request-id': 'edge-7f3a.1:2_b' }))).toBe('edge-7f3a.1:2_b');
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['with spaces', 'one two'],
    ['with a line break', 'abc\r\nset-cookie: x=1'],
    ['with quotes', 'id"},"level":"fatal'],
    ['too long', 'a'.repeat(65)],
    ['starting with a dash', '-abc'],
  ])('replaces an id %s with a fresh UUID', (_, incoming) => {
    const headers = new Headers();
    if (incoming !== undefined) headers.set('x-request-id', incoming.replace(/[\r\n]/g, ' '));
    expect(requestIdOf(headers)).toMatch(UUID);
  });
});

describe('logger', () => {
  it('writes JSON lines with the level by name, and errors with their stack under err', () => {
    const lines = captureLines();
    logger.info('started');
    logger.error({ err: new Error('boom') }, 'failed');
    logger.debug('detail');
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      ['info', 'started'],
      ['error', 'failed'],
      ['debug', 'detail'],
    ]);
    expect((lines[1]!.err as { stack: string }).stack).toMatch(/^Error: boom\n\s+at /);
  });

  it('leaves out levels below its own', () => {
    const lines: string[] = [];
    restore = replaceRootLogger(createLogger({ write: (line: string) => void lines.push(line) }, 'warn'));
    logger.info('quiet');
    logger.warn('loud');
    expect(lines).toHaveLength(1);
  });

  it('binds the request id to every line logged while answering, across awaits, and returns it', async () => {
    const lines = captureLines();
    const request = new Request('http://test/v4/x', { headers: { 'x-request-id': 'proxy-123' } });
    const response = await withRequestLog(request, async () => {
      logger.info('before');
      await new Promise((resolve) => setTimeout(resolve, 5));
      await Promise.resolve().then(() => logger.warn('deep in a service'));
      expect(currentRequestId()).toBe('proxy-123');
      return Response.json({});
    });
    logger.info('after');
    expect(response.headers.get('x-request-id')).toBe('proxy-123');
    expect(lines.map((l) => [l.msg, l.requestId])).toEqual([
      ['before', 'proxy-123'],
      ['deep in a service', 'proxy-123'],
      ['after', undefined],
    ]);
  });

  it('gives concurrent requests their own ids, and replaces an unsafe incoming one', async () => {
    const lines = captureLines();
    const answer = (name: string, wait: number) => async () => {
      await new Promise((resolve) => setTimeout(resolve, wait));
      logger.info(name);
      return new Response(null, { status: 204 });
    };
    const [first, second] = await Promise.all([
      withRequestLog(new Request('http://test/a', { headers: { 'x-request-id': 'bad id' } }), answer('a', 10)),
      withRequestLog(new Request('http://test/b'), answer('b', 1)),
    ]);
    const idA = first.headers.get('x-request-id');
    const idB = second.headers.get('x-request-id');
    expect(idA).toMatch(UUID);
    expect(idB).toMatch(UUID);
    expect(idA).not.toBe(idB);
    expect(Object.fromEntries(lines.map((l) => [l.msg, l.requestId]))).toEqual({ a: idA, b: idB });
  });

  it('copies an answer whose headers cannot change, to add the id', async () => {
    captureLines();
    const response = await withRequestLog(new Request('http://test/r'), async () =>
      Response.redirect('http://test/elsewhere', 303),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('http://test/elsewhere');
    expect(response.headers.get('x-request-id')).toMatch(UUID);
  });

  it('adds context bindings inside a request scope without losing its id', async () => {
    const lines = captureLines();
    await withRequestLog(new Request('http://test/j', { headers: { 'x-request-id': 'r1' } }), async () => {
      withLogContext({ job: 'reminders' }, () => logger.info('inside'));
      return new Response(null);
    });
    withLogContext({ job: 'purge' }, () => logger.info('alone'));
    expect(lines.map((l) => [l.msg, l.requestId, l.job])).toEqual([
      ['inside', 'r1', 'reminders'],
      ['alone', undefined, 'purge'],
    ]);
  });
});
