import { describe, expect, it, vi } from 'vitest';
import { dialogStore } from '@/components/ui/dialog/dialog-store';
import { clock, pendingClockTimers } from '@/lib/clock';
import { draftKey, keepDraft, loadDrafts, saveDraft } from '@/lib/drafts';
import { sessionEnded } from '@/core/session-slice';
import type { AppStore } from '@/app/store';
import { installManualClock } from './manual-clock';
import { signedInState } from './render';
import { testStore } from './test-store';

/**
 * Unit test files share their worker's modules (vite.config.ts `isolate: false`), so the setup
 * file (setup-tests.ts) ends what a test leaves behind. The first test here leaves all it can;
 * the second sees none of it, and the previous test's store, dispatched again, no longer acts.
 */
let leftover: AppStore | null = null;
const lateTimer = vi.fn();

describe('a test sees nothing of the test before it', () => {
  it('leaves a store with a session ending, a dialog, a timer and drafts behind', async () => {
    installManualClock();
    leftover = testStore(await signedInState());
    // The session end opens the login dialog LOGIN_DIALOG_DELAY_MS later, on the app clock.
    leftover.dispatch(sessionEnded('expired'));
    dialogStore.open('feedback', {});
    clock.setTimeout(lateTimer, 10);
    const draft = {
      key: draftKey('u_author', 'c_1'),
      name: 'title',
      content: 'a draft',
      base_updated_at: 1,
      changed_at: clock.now(),
    };
    keepDraft(draft);
    await saveDraft(draft);
    expect(dialogStore.isOpen('feedback')).toBe(true);
    expect(pendingClockTimers()).toBeGreaterThan(0);
    expect(await loadDrafts('u_author', 'c_1')).toHaveLength(1);
  });

  it('the next test has no open dialog, no pending timer, no draft, and the old store is inert', async () => {
    expect(dialogStore.getSnapshot()).toEqual([]);
    expect(pendingClockTimers()).toBe(0);
    expect(await loadDrafts('u_author', 'c_1')).toEqual([]);
    // The system clock is back.
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(5000);
    const manual = installManualClock();
    leftover!.dispatch(sessionEnded('expired'));
    await manual.advance(60_000);
    expect(lateTimer).not.toHaveBeenCalled();
    expect(dialogStore.isOpen('login')).toBe(false);
  });

  it('within its own test, the session end still opens the login dialog on the app clock', async () => {
    const manual = installManualClock();
    const store = testStore(await signedInState());
    store.dispatch(sessionEnded('expired'));
    await manual.advance(0);
    expect(dialogStore.isOpen('login')).toBe(false);
    await expect.poll(() => pendingClockTimers()).toBeGreaterThan(0);
    await manual.advance(500);
    expect(dialogStore.isOpen('login')).toBe(true);
  });
});
