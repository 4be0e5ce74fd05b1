import { describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '../../testing/test-db';
import { login, randomIp, signUp, signUpAndLogin, v4 } from '../../testing/v4';
import { consumeLimit } from './rate-limit-repository';
import { LIMITS, officeKeyRule } from './throttle-service';

useTestDatabase();

// Dozens of password hashes at once on a busy machine take longer than the default 30 s.
vi.setConfig({ testTimeout: 120_000 });

/** How many replies had each status, e.g. `{ 401: 5, 429: 35 }`. */
function countStatuses(replies: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of replies) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/*
 * Guesses that arrive together: the budget is taken before the costly check, so however many
 * are in flight, no more are evaluated than the budget allows. An evaluated wrong guess answers
 * 401 (or 412); one refused before evaluation answers 429.
 */
describe('guesses sent all at once', () => {
  it('evaluates at most 5 of 40 concurrent wrong passwords for one account, and refuses the right one after them', async () => {
    const { email, password } = await signUp();
    const replies = await Promise.all(Array.from({ length: 40 }, () => login(email, 'Wrong-guess-1')));
    const counts = countStatuses(replies);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(LIMITS.loginUntrustedSlow.points);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(40);
    expect(replies.find((r) => r.status === 429)?.headers.get('retry-after')).toMatch(/^\d+$/);

    const right = await login(email, password);
    expect(right.status).toBe(429);
    expect(right.body.token).toBeUndefined();
  });

  it('evaluates at most 30 of 50 concurrent guesses from one address across accounts', async () => {
    const ip = randomIp();
    // Unknown emails cost the same hash as known ones, and spare the test ten sign-ups.
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(`nobody-${i}@example.com`, 'Wrong-guess-1', { ip })),
    );
    const counts = countStatuses(replies);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(LIMITS.loginIp.points);
    expect(counts[429] ?? 0).toBeGreaterThanOrEqual(50 - LIMITS.loginIp.points);
  });

  it('evaluates at most 5 of 30 concurrent wrong current passwords, and refuses the right one after them', async () => {
    const { token, password } = await signUpAndLogin();
    const change = (current: string) => v4('PUT', '/v4/password', { token, body: { current, new: 'Another-pass-9' } });
    const replies = await Promise.all(Array.from({ length: 30 }, () => change('Wrong-guess-1')));
    const counts = countStatuses(replies);
    expect(counts[412] ?? 0).toBeLessThanOrEqual(LIMITS.passwordAccount.points);
    expect((counts[412] ?? 0) + (counts[429] ?? 0)).toBe(30);
    expect((await change(password)).status).toBe(429);
  });

  it('throttles wrong office keys per address, not other addresses', async () => {
    const ip = randomIp();
    const path = '/v4/office/appointments?from=2026-01-05&to=2026-01-06';
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) => v4('GET', path, { ip, headers: { 'x-office-key': `wrong-key-${i}` } })),
    );
    const counts = countStatuses(replies);
    const budget = officeKeyRule().points;
    expect(counts[401] ?? 0).toBeLessThanOrEqual(budget);
    expect(counts[429] ?? 0).toBeGreaterThanOrEqual(60 - budget);
    expect(replies.find((r) => r.status === 429)?.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another address is not affected.
    expect((await v4('GET', path, { headers: { 'x-office-key': 'wrong-key' } })).status).toBe(401);
  });

  it('does not count a successful login against the address', async () => {
    const ip = randomIp();
    const { email, password } = await signUp();
    // The address is one point short of its budget; successes must not use that point up.
    for (let i = 0; i < LIMITS.loginIp.points - 1; i++) await consumeLimit(LIMITS.loginIp, ip);
    for (let i = 0; i < 3; i++) expect((await login(email, password, { ip })).status).toBe(200);
    expect((await login(email, 'Wrong-guess-1', { ip })).status).toBe(401);
    expect((await login(email, password, { ip })).status).toBe(429);
  });
});
