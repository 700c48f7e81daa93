import { setupWorker } from 'msw/browser';
import { handlers } from './handlers';
import { schedulePurge } from './handlers/stories';
import { afterWrite, onWrite } from './http';
import { flushSave, loadDatabase, scheduleSave } from './persistence';
import {
  applyStateScenarios,
  faultHandlers,
  parseScenarioParam,
  type ScenarioName,
} from './scenarios';
import type { ClientSession } from './scenarios/session';

export const SCENARIO_STORAGE_KEY = 'pro_mock_scenarios';

interface MockWindow {
  __mockApplyScenarios?: (value: string) => Promise<void>;
}

export interface MockStartResult {
  /** Session a starting-state scenario opened; the app installs it before its first render. */
  clientSession: ClientSession | null;
  scenarios: ScenarioName[];
  unknownScenarios: string[];
}

/**
 * Starts the in-browser backend: restores (or seeds) the database, applies the scenarios
 * named in `?scenario=` (fault scenarios are remembered until cleared), and registers the
 * service worker under the app's base path so a sub-path deployment works too.
 */
export async function startMockBackend(): Promise<MockStartResult> {
  await loadDatabase();
  onWrite(() => scheduleSave());
  window.addEventListener('pagehide', () => flushSave());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushSave();
  });

  const url = new URL(window.location.href);
  const param = url.searchParams.get('scenario');
  const fromUrl = parseScenarioParam(param);
  const remembered = parseScenarioParam(localStorage.getItem(SCENARIO_STORAGE_KEY)).names;
  let faults = remembered;
  if (param !== null) {
    faults = fromUrl.names.filter((n) => n !== 'signed-in' && !n.startsWith('token-'));
    if (faults.length) localStorage.setItem(SCENARIO_STORAGE_KEY, faults.join(','));
    else localStorage.removeItem(SCENARIO_STORAGE_KEY);
  }

  const base = import.meta.env.BASE_URL;
  const worker = setupWorker(...faultHandlers(faults), ...handlers);
  await worker.start({
    serviceWorker: { url: `${base}mockServiceWorker.js`, options: { scope: base } },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });

  const clientSession = param !== null ? await applyStateScenarios(fromUrl.names) : null;
  if (clientSession) afterWrite();
  schedulePurge();

  // A `?scenario=` needs a page load; this changes the backend while the page stays open
  // (from the console or an e2e spec), e.g. a token that expires mid-session. Scenarios that
  // sign someone in still need the URL: the client installs their session at start-up.
  (window as unknown as MockWindow).__mockApplyScenarios = async (value) => {
    const { names, unknown } = parseScenarioParam(value);
    if (unknown.length) throw new Error(`unknown scenarios: ${unknown.join(', ')}`);
    worker.use(...faultHandlers(names));
    await applyStateScenarios(names);
    afterWrite();
  };

  return {
    clientSession,
    scenarios: param !== null ? fromUrl.names : faults,
    unknownScenarios: fromUrl.unknown,
  };
}
