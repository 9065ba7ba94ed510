// Spec §8 global error handling: the first error logged, then every 5th; a view refresh after 50;
// cache errors only logged.
import { describe, expect, it } from 'vitest';
import { createErrorReporter } from '../../src/services/errorReporter';

describe('createErrorReporter', () => {
  it('logs the 1st, 5th, 10th… error and refreshes the view at the 50th', () => {
    const logged: number[] = [];
    let refreshes = 0;
    const reporter = createErrorReporter(
      (_error, count) => logged.push(count),
      () => refreshes++,
    );
    for (let i = 0; i < 49; i++) reporter.report(new Error(`e${i}`));
    expect(logged).toEqual([1, 5, 10, 15, 20, 25, 30, 35, 40, 45]);
    expect(refreshes).toBe(0);
    reporter.report(new Error('e49'));
    expect(logged.at(-1)).toBe(50);
    expect(refreshes).toBe(1);
    expect(reporter.count).toBe(0);
    reporter.report(new Error('again'));
    expect(logged.at(-1)).toBe(1);
  });

  it('only logs cache errors, without counting them', () => {
    const logged: unknown[] = [];
    let refreshes = 0;
    const reporter = createErrorReporter(
      (error) => logged.push(error),
      () => refreshes++,
    );
    for (let i = 0; i < 60; i++) reporter.report(new Error('cache'), { cacheOnly: true });
    expect(logged).toHaveLength(60);
    expect(reporter.count).toBe(0);
    expect(refreshes).toBe(0);
  });
});
