import { clock } from '@/lib/clock';
import { createAdminClient, type AdminClient } from '@mocks/admin-client';
import { OUTSIDE_MODALS } from '@/components/ui/dialog/modal-layer';
import { deleteAllDrafts } from '@/lib/drafts';
import { dropAllTexts } from '@/lib/durable-text';
import { clearAccountData, storage, STORAGE_KEYS } from '@/lib/storage';
import en from './locales/en/host.json';
import zh from './locales/zh/host.json';
import hostCss from './host.css?inline';
import { installSocketBridge } from './socket-bridge';

/**
 * The demo's host script, inlined into index.html before the app's bundle (only in builds
 * with the mock backend): registers the backend's service worker so it downloads beside
 * the app, tells the app to wait for it (`window.__backendGate`, src/config/backend-gate.ts),
 * applies `?scenario=` through the admin API, bridges /ws/v2, follows a reset from any tab,
 * and offers the mock panel, which it loads only when opened.
 */
const BASE = import.meta.env.BASE_URL;
const WORKER_URL = `${BASE}mock-backend.js`;
const PANEL_URL = `${BASE}mock-panel.js`;
/** The in-page backend of earlier deploys kept its data here; handed to the worker once. */
const LEGACY_DB_KEY = 'pro_mock_db';
const LEGACY_SCENARIOS_KEY = 'pro_mock_scenarios';
/**
 * How long a first install may take before the page says the backend did not start. A worker
 * that fails to install says so at once (`redundant`); this bound is only for one that never
 * finishes. 20 s was passed by a sound install on a loaded 2-core machine (two busy loops and
 * two browsers): the page came up signed out, without its scenario.
 */
const INSTALL_TIMEOUT_MS = 60_000;

declare global {
  interface Window {
    /** The admin API client, for the console and the e2e suite. */
    __mockAdmin?: AdminClient;
    __mockPanel?: { open(unknownScenarios: string[]): void };
    /**
     * Set before the page loads by a test harness (the e2e suite's init script): the backend's
     * latency for this browser, applied before the app's first request.
     */
    __mockLatency?: boolean;
  }
}

const strings = storage.get<string>(STORAGE_KEYS.lang) === 'en' ? en : zh;
const admin = createAdminClient();
window.__mockAdmin = admin;
const sw = 'serviceWorker' in navigator ? navigator.serviceWorker : null;

const ready = sw ? startWorker(sw) : Promise.reject(new Error('unsupported'));
const params = new URLSearchParams(location.search);
const unknownScenarios: string[] = [];
const startup = ready.then(prepareData, () => undefined);
window.__backendGate = { ready, startup };

if (sw) installSocketBridge(() => sw.controller, ready, isBackendSocket);
ready.catch((error: unknown) => {
  console.error('[mock] the demo backend did not start', error);
  whenBody(() => showFailure(sw ? strings.workerFailed : strings.unsupported));
});
// The app starts either way (startupReady), so a starting state that was not installed would
// otherwise pass for the visitor's own data: a signed-in scenario would open signed out.
startup.catch((error: unknown) => {
  console.error('[mock] the scenario in the address was not applied', error);
  whenBody(() => showFailure(strings.scenarioFailed));
});
whenBody(() => {
  const style = document.createElement('style');
  style.textContent = hostCss;
  document.head.appendChild(style);
  mountLauncher();
});

function isBackendSocket(url: URL): boolean {
  return url.host === location.host && url.pathname.endsWith('/ws/v2');
}

async function startWorker(container: ServiceWorkerContainer): Promise<void> {
  const registering = container.register(WORKER_URL, { scope: BASE, updateViaCache: 'none' });
  // Already served by the backend (any visit after the first): go at once. register() with
  // the same script URL does not check for a new deploy; the browser does, a moment after
  // each navigation, and a new worker takes over when it is installed (service-worker.ts).
  if (container.controller) {
    registering.catch((error: unknown) => console.warn('[mock] worker update check failed', error));
    return;
  }
  const registration = await registering;
  await new Promise<void>((resolve, reject) => {
    const timer = clock.setTimeout(
      () => reject(new Error('install timed out')),
      INSTALL_TIMEOUT_MS,
    );
    container.addEventListener(
      'controllerchange',
      () => {
        clock.clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
    const installing = registration.installing ?? registration.waiting;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'redundant') {
        clock.clearTimeout(timer);
        reject(new Error('the backend worker failed to install'));
      }
    });
    // Active already, but this page was loaded past it (a hard reload): ask it to take over.
    registration.active?.postMessage({ type: 'claim' });
  });
}

/**
 * Everything the first render must see: the latency a harness asked for, old in-page data
 * handed over, the URL's scenarios.
 */
async function prepareData(): Promise<void> {
  if (typeof window.__mockLatency === 'boolean') await admin.setLatency(window.__mockLatency);
  const legacy = localStorage.getItem(LEGACY_DB_KEY);
  if (legacy) {
    try {
      await admin.importState(JSON.parse(legacy));
    } catch (error) {
      console.warn('[mock] the data of the earlier demo could not be carried over', error);
    }
    localStorage.removeItem(LEGACY_DB_KEY);
    localStorage.removeItem(LEGACY_SCENARIOS_KEY);
  }
  const param = params.get('scenario');
  if (param === null) return;
  const names = param
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  // Faults named in the URL replace those remembered; starting states apply once per load.
  // Unknown names are refused whole with a list of them: reported, and the rest applied.
  const apply = (list: string[]) => admin.applyScenarios(list, { replaceFaults: true });
  const result = await apply(names).catch(async (error: unknown) => {
    const unknown = (error as { content?: { unknown?: unknown } }).content?.unknown;
    if (!Array.isArray(unknown)) throw error;
    unknownScenarios.push(...unknown.map(String));
    return apply(names.filter((n) => !unknownScenarios.includes(n)));
  });
  if (result.session) storage.set(STORAGE_KEYS.session, result.session);
}

sw?.addEventListener(
  'message',
  (event: MessageEvent<{ type?: string; notice?: { type: string } }>) => {
    if (event.data?.type === 'notice' && event.data.notice?.type === 'reset') clearLocalData();
  },
);

/** After a reset the backend is back at its seed: this browser's copies of it go too. */
function clearLocalData() {
  clearAccountData();
  deleteAllDrafts();
  dropAllTexts();
  const url = new URL(location.href);
  url.searchParams.delete('scenario');
  location.replace(url.href);
}

function whenBody(run: () => void) {
  if (document.body) run();
  else document.addEventListener('DOMContentLoaded', run, { once: true });
}

function showFailure(text: string) {
  const box = document.createElement('div');
  box.className = 'mock-host-alert';
  box.setAttribute('role', 'alert');
  // The app's dialogs make the page behind them inert; the demo's own tools stay usable.
  box.setAttribute(OUTSIDE_MODALS, '');
  const message = document.createElement('p');
  message.textContent = text;
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.textContent = strings.retry;
  retry.addEventListener('click', () => location.reload());
  box.append(message, retry);
  document.body.prepend(box);
}

function mountLauncher() {
  const host = document.createElement('div');
  host.id = 'mock-panel-launcher';
  host.className = 'dev-panel';
  host.setAttribute(OUTSIDE_MODALS, '');
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'dev-panel__toggle';
  button.textContent = strings.toggle;
  button.addEventListener('click', () => {
    if (window.__mockPanel) return window.__mockPanel.open(unknownScenarios);
    button.disabled = true;
    const script = document.createElement('script');
    script.src = PANEL_URL;
    script.onload = () => {
      host.remove();
      window.__mockPanel?.open(unknownScenarios);
    };
    script.onerror = () => (button.disabled = false);
    document.head.appendChild(script);
  });
  host.appendChild(button);
  document.body.appendChild(host);
}
