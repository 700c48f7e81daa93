import { describe, expect, inject, it } from 'vitest';
import { FANS_AT_LEAST, FANS_BUDGET, measureFansList } from './support/fans-list.mjs';
import { setupBrowser } from './support/browser';

/**
 * The fans list of 5,000 (issue 13 budget) in real Chromium against the built demo: the
 * slider keeps fewer than 200 rows in the DOM from the first page to the last and while the
 * loaded list is scrolled through. Long tasks are measured and printed here; their budget is
 * held by `npm run bench` (line 7), on a quiet machine: this suite runs two files at once.
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

describe('people', () => {
  it('a fans list of 5,000 keeps fewer than 200 rows in the DOM while it loads and scrolls', async () => {
    const page = await newPage();
    // The wheel in steps of five screens: every part of the list still passes through the
    // window, in a fifth of the bench's steps (its 1,200 px steps time the scrolling).
    const figures = await measureFansList(page, demo, {
      log: (line) => console.log(line),
      wheelStep: 6000,
    });
    console.log(
      `fans list: ${figures.rows} rows; loading by scrolling: ${figures.loadMs} ms, ` +
        `max ${figures.loading.maxDomRows} rows in the DOM, ${figures.loading.longTasks} long ` +
        `task(s), longest ${figures.loading.longestTaskMs} ms; wheel pass: ${figures.steps} ` +
        `steps in ${figures.scrollMs} ms, max ${figures.scrolling.maxDomRows} rows in the DOM, ` +
        `${figures.scrolling.longTasks} long task(s), longest ${figures.scrolling.longestTaskMs} ms ` +
        `[${figures.scrolling.tasks.join(', ')}]`,
    );
    expect(figures.rows).toBeGreaterThanOrEqual(FANS_AT_LEAST);
    expect(figures.lastRow).toBe(figures.rows);
    expect(figures.loading.maxDomRows).toBeLessThan(FANS_BUDGET.domRows);
    expect(figures.scrolling.maxDomRows).toBeLessThan(FANS_BUDGET.domRows);
  }, 400_000);
});
