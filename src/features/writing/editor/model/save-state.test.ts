import { describe, expect, it } from 'vitest';
import {
  initialSaveState,
  isDirty,
  retryDelayMs,
  saveReducer as reduce,
  saveStatus,
  type SaveEvent,
} from './save-state';

const run = (...events: SaveEvent[]) => events.reduce(reduce, initialSaveState);

describe('save state', () => {
  it('starts saved; an edit makes it unsaved', () => {
    expect(saveStatus(initialSaveState)).toBe('saved');
    expect(saveStatus(run({ type: 'edited' }))).toBe('unsaved');
  });

  it('a save of the current revision makes it saved', () => {
    const s = run({ type: 'edited' }, { type: 'saveStarted' });
    expect(saveStatus(s)).toBe('saving');
    expect(saveStatus(reduce(s, { type: 'saveSucceeded', revision: 1 }))).toBe('saved');
  });

  it('typing during a save stays unsaved after the older revision is saved', () => {
    const s = run(
      { type: 'edited' },
      { type: 'saveStarted' },
      { type: 'edited' },
      { type: 'saveSucceeded', revision: 1 },
    );
    expect(isDirty(s)).toBe(true);
    expect(saveStatus(s)).toBe('unsaved');
  });

  it('a failure is shown until a later save succeeds', () => {
    const failed = run(
      { type: 'edited' },
      { type: 'saveStarted' },
      { type: 'saveFailed', revision: 1, failure: 'server' },
    );
    expect(saveStatus(failed)).toBe('failed');
    expect(failed.failure).toBe('server');
    const ok = run(
      { type: 'edited' },
      { type: 'saveStarted' },
      { type: 'saveFailed', revision: 1, failure: 'server' },
      { type: 'saveStarted' },
      { type: 'saveSucceeded', revision: 1 },
    );
    expect(saveStatus(ok)).toBe('saved');
    expect(ok.failure).toBeNull();
  });

  it('backs off retries up to 30 s', () => {
    expect([0, 1, 2, 3, 4].map(retryDelayMs)).toEqual([3000, 6000, 12000, 24000, 30000]);
  });
});
