import { createRoot } from 'react-dom/client';
import { initI18n } from '@/lib/i18n';
import { storedTheme, applyTheme } from '@/lib/theme/theme';
import { App } from '@/app/app';
import { setupStore } from '@/app/store';
import { loadSession, persistSession } from '@/app/session-persistence';
import './styles/global.css';

/** The mock backend is its own chunk, loaded only when mocks are on (and never in a real-backend build). */
async function enableMocking() {
  // A literal comparison, so a VITE_MOCKS=false build drops the mock chunk entirely.
  if (import.meta.env.VITE_MOCKS === 'false') return;
  const { startMockBackend } = await import('./mocks/browser');
  const result = await startMockBackend();
  if (result.clientSession) {
    persistSession({ ...result.clientSession, endedBy: null });
  }
  void import('./mocks/dev-panel').then((m) => m.mountDevPanel(result));
}

async function bootstrap() {
  const theme = storedTheme();
  applyTheme(theme);
  await Promise.all([enableMocking(), initI18n()]);
  const store = setupStore({ session: loadSession(), theme: { theme } });
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  createRoot(root).render(<App store={store} />);
}

void bootstrap();
