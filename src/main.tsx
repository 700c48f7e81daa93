import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '@/lib/i18n';
import { storedTheme, applyTheme } from '@/lib/theme/theme';
import { startupReady } from '@/config/backend-gate';
import { App } from '@/app/app';
import { setupStore } from '@/app/store';
import { createAppRouter, preloadRoute } from '@/app/router';
import { loadSession, readPersistedPair } from '@/session/persistence';
import { browserTransport, connectTab } from '@/core/cross-tab';
import { browserCacheChannel, connectCacheAcrossTabs } from '@/app/cross-tab-cache';
import { startSessionLifecycle } from '@/session/lifecycle';
import { yieldToBrowser } from '@/lib/yield-to-browser';
import { startReleaseNotice } from '@/features/events/release-notice-start';
import './styles/global.css';

/**
 * The product entry, the same in the demo and against a real backend. The demo's backend
 * is not in this bundle: it is a service worker that index.html registers before this runs
 * (src/demo/register.ts); this only waits for a starting state it announces (?scenario=).
 */
async function bootstrap() {
  const theme = storedTheme();
  applyTheme(theme);
  // Evaluating the bundle was one task; the strings, the route's chunks and the first render
  // each start a task of their own (each is short; together they were one long task).
  await yieldToBrowser();
  const i18n = initI18n();
  void i18n.then(async () => {
    await yieldToBrowser();
    preloadRoute(location.pathname);
  });
  await Promise.all([i18n, startupReady()]);
  await yieldToBrowser();
  const store = setupStore({ session: loadSession(), theme: { theme } });
  connectTab(store, browserTransport(readPersistedPair));
  connectCacheAcrossTabs(store, browserCacheChannel());
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  // The router matches the URL and starts the first navigation when it is created: a task of
  // its own, not a part of the first render's first slice.
  await yieldToBrowser();
  const router = createAppRouter();
  await yieldToBrowser();
  // The first render as a transition: React renders it in short slices, yielding to the
  // browser between them, instead of one task as long as the whole first screen.
  const reactRoot = createRoot(root);
  startTransition(() => reactRoot.render(<App store={store} router={router} />));
  // Spec 2 §4: the start-up outcome, the token timer and the socket. Started after the first
  // frame is painted: its calls (server time, user lookup) must not hold up the screen.
  // Then, once the outcome is known and the page idle, the release check (update dialog).
  requestAnimationFrame(() =>
    // eslint-disable-next-line no-restricted-globals -- yields a task after the first paint, not an app timer
    setTimeout(() => {
      const lifecycle = startSessionLifecycle(store);
      startReleaseNotice(lifecycle.ready, lifecycle.clock.nowS, () => {
        void import('@/features/events/release-notice-run').then((m) =>
          m.runReleaseNotice(store.dispatch, { nowS: lifecycle.clock.nowS }),
        );
      });
    }),
  );
}

void bootstrap();
