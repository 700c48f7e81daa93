import { createRoot } from 'react-dom/client';
import { i18next, initI18n } from '@/lib/i18n';
import { storedTheme, applyTheme } from '@/lib/theme/theme';
import { setBackendStarter } from '@/api/base-query';
import { App } from '@/app/app';
import { setupStore } from '@/app/store';
import { loadSession, persistSession, readPersistedPair } from '@/app/session-persistence';
import { browserTransport, connectTab } from '@/api/cross-tab-session';
import { startSessionLifecycle } from '@/features/auth/model/startup-session';
import './styles/global.css';

/**
 * The mock backend is its own chunk, loaded only when mocks are on (a literal comparison, so
 * a VITE_MOCKS=false build drops it entirely) and only when something needs it: the first API
 * call, a `?scenario=` in the URL, or the reviewer opening the mock panel.
 */
const mocksOn = import.meta.env.VITE_MOCKS !== 'false';
let backend: Promise<void> | null = null;

function startMockBackend(): Promise<void> {
  backend ??= (async () => {
    const [{ startMockBackend: start }, panel] = await Promise.all([
      import('./mocks/browser'),
      import('./mocks/dev-panel'),
    ]);
    const result = await start();
    if (result.clientSession) persistSession({ ...result.clientSession, endedBy: null });
    panel.mountDevPanel(result);
  })();
  return backend;
}

/** A tiny stand-in for the mock panel's toggle until the backend (and the real panel) loads. */
function mountPanelLauncher() {
  const host = document.createElement('div');
  host.id = 'mock-panel-launcher';
  host.className = 'dev-panel';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'dev-panel__toggle';
  button.textContent = i18next.t('dev:toggle');
  button.addEventListener('click', () => {
    button.disabled = true;
    void startMockBackend().then(() => document.dispatchEvent(new CustomEvent('mock-panel:open')));
  });
  host.appendChild(button);
  document.body.appendChild(host);
}

async function bootstrap() {
  const theme = storedTheme();
  applyTheme(theme);
  let needsBackendFirst = false;
  if (mocksOn) {
    setBackendStarter(startMockBackend);
    // A starting-state scenario (?scenario=signed-in) installs a session the store must see.
    needsBackendFirst = new URLSearchParams(location.search).has('scenario');
  }
  await Promise.all([initI18n(), needsBackendFirst ? startMockBackend() : null]);
  if (mocksOn && !backend) mountPanelLauncher();
  const store = setupStore({ session: loadSession(), theme: { theme } });
  connectTab(store, browserTransport(readPersistedPair));
  // Spec 2 §4: the start-up outcome, the token timer and the socket.
  startSessionLifecycle(store);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  createRoot(root).render(<App store={store} />);
}

void bootstrap();
