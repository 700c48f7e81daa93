import { createRoot } from 'react-dom/client';
import { initI18n } from '@/lib/i18n';
import { storedTheme, applyTheme } from '@/lib/theme/theme';
import { startupReady } from '@/config/backend-gate';
import { App } from '@/app/app';
import { setupStore } from '@/app/store';
import { preloadRoute } from '@/app/router';
import { loadSession, readPersistedPair } from '@/session/persistence';
import { browserTransport, connectTab } from '@/session/cross-tab';
import { startSessionLifecycle } from '@/session/lifecycle';
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
  const i18n = initI18n();
  void i18n.then(() => preloadRoute(location.pathname));
  await Promise.all([i18n, startupReady()]);
  const store = setupStore({ session: loadSession(), theme: { theme } });
  connectTab(store, browserTransport(readPersistedPair));
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  createRoot(root).render(<App store={store} />);
  // Spec 2 §4: the start-up outcome, the token timer and the socket. Started after the first
  // frame is painted: its calls (server time, user lookup) must not hold up the screen.
  // Then, once the outcome is known and the page idle, the release check (update dialog).
  requestAnimationFrame(() =>
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
