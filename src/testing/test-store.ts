import { clearAllListeners } from '@reduxjs/toolkit';
import { setupStore, type AppStore, type RootState } from '@/app/store';

const liveStores = new Set<AppStore>();

/**
 * The app's store for a test. Unit test files share their worker's modules (vite.config.ts),
 * so a store's listeners could act after its test, on what the next test shares: a session
 * ended late in one test opened the login dialog 500 ms on, in another file's test.
 * `endTestStores` (run after each test) cancels them. Tests take their stores from here; the
 * lint rule in eslint.config.js refuses `setupStore` in tests.
 */
export function testStore(preloadedState?: Partial<RootState>): AppStore {
  const store = setupStore(preloadedState);
  liveStores.add(store);
  return store;
}

/** Ends the listeners of the stores the test made (running ones are cancelled, as RTK does). */
export function endTestStores() {
  for (const store of liveStores) store.dispatch(clearAllListeners());
  liveStores.clear();
}
