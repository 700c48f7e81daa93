import { describe, expect, it } from 'vitest';
import { dialogStore } from '@/components/ui/dialog/dialog-store';
import { sessionEnded } from '@/session/session-slice';
import { signedInState } from './render';
import { testStore } from './test-store';

/**
 * Unit test files share their worker's modules, so what a test's store still has under way
 * must end with the test: here a session that ends as its test ends would open the login
 * dialog 500 ms later (spec 2 §4), inside the next test.
 */
describe('a test store ends with its test', () => {
  it('a session ends as the test ends', async () => {
    const store = testStore(await signedInState());
    store.dispatch(sessionEnded('expired'));
    expect(dialogStore.isOpen('login')).toBe(false);
  });

  it('the next test sees no login dialog from it', async () => {
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(dialogStore.isOpen('login')).toBe(false);
  });

  it('within its own test, the session end still opens the login dialog', async () => {
    const store = testStore(await signedInState());
    store.dispatch(sessionEnded('expired'));
    await expect.poll(() => dialogStore.isOpen('login'), { timeout: 3000 }).toBe(true);
  });
});
