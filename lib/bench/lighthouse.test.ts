import { describe, expect, it } from 'vitest';
import { medianRun, type LighthouseRun } from './lighthouse';

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
