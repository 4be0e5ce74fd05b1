import { describe, expect, it } from 'vitest';
import { lighthouseTargets, medianRun, type LighthouseRun } from './lighthouse';

const run = (performance: number): LighthouseRun => ({
  performance,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  benchmarkIndex: 2000,
  fcpMs: 900,
  lcpMs: 1900,
  tbtMs: 200,
  cls: 0,
});

describe('medianRun', () => {
  it('takes the middle score of an odd count and the lower middle of an even count', () => {
    expect(medianRun([run(97), run(88), run(93)])?.performance).toBe(93);
    expect(medianRun([run(97), run(88), run(93), run(90)])?.performance).toBe(90);
  });

  it('has nothing to report without runs', () => {
    expect(medianRun([])).toBeUndefined();
  });
});

describe('lighthouseTargets', () => {
  const entry = (path: string, scores: number[]) => ({ path, result: { runs: scores.map(run) } });
  it('holds each page to the reference page of the same run, within five points, and reports the spread', () => {
    const reference = entry('/privacy-policy', [84, 80, 86, 83, 82]);
    const [near, far] = lighthouseTargets(reference, [
      entry('/provider-details/7', [78, 81, 75, 79, 90]),
      entry('/', [70, 77, 72, 74, 73]),
    ]);
    expect(near).toMatchObject({ met: true });
    expect(near!.name).toContain('/provider-details/{id}');
    expect(near!.value).toMatch(/^79 \(75-90\) vs 83 \(80-86\)/);
    expect(far).toMatchObject({ met: false });
  });

  it('says what was not measured', () => {
    const [target] = lighthouseTargets({ path: '/privacy-policy', result: { runs: [], problem: 'no Chromium' } }, [
      { path: '/', result: { runs: [] } },
    ]);
    expect(target).toMatchObject({ met: undefined, value: 'not measured: no Chromium' });
  });
});
