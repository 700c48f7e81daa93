import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { server } from '@mocks/server';
import { handlers } from '@mocks/handlers';
import { resetMockBackend } from '@mocks/testing';
import { changeLanguage, FEATURE_NAMESPACES, initI18n, loadNamespaces } from '@/lib/i18n';
import { dialogStore } from '@/components/ui/dialog/dialog-store';
import { resetRefreshStateForTests } from '@/core/refresh';
import { resetDraftsForTests } from '@/lib/drafts';
import { analytics } from '@/components/media/upload/analytics';
import { clearClockTimersForTests } from '@/lib/clock';
import { checkResponse } from './contract-guard';
import { endTestStores } from './test-store';
import { placeholderReport, watchPlaceholders, type PlaceholderWatch } from './placeholder-guard';

// findBy* and waitFor end as soon as what they wait for shows; their bound only decides when a
// missing thing fails. Testing Library's 1 s failed tests whose lazy screen was still being
// transformed on a loaded 2-core machine (and passed alone); the bound stays under the test's.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no layout: the router's scroll restoration would only log "not implemented".
if (typeof window !== 'undefined') window.scrollTo = () => undefined;
// Nor boxes for ranges: the editor asks where the caret is after it takes focus. Every box is
// empty, as jsdom's element boxes are.
if (
  typeof Range !== 'undefined' &&
  typeof (Range.prototype as Partial<Range>).getBoundingClientRect !== 'function'
)
  Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);

// Any request without a handler is a bug in the test or the contract.
beforeAll(async () => {
  // Every file starts from the backend's own handlers, whatever an earlier file in this
  // worker made the initial set (`server.resetHandlers(...next)` replaces it).
  server.resetHandlers(...handlers);
  server.listen({ onUnhandledRequest: 'error' });
  await initI18n('zh');
  // Test files share a worker's modules and document (vite.config.ts `isolate: false`): each
  // file starts in Chinese, whatever the file before it switched to.
  await changeLanguage('zh');
  globalThis.localStorage?.clear();
  await loadNamespaces(FEATURE_NAMESPACES);
});

// Every render and story: no text reaches the page with a placeholder left in it (`{{max}}`).
let placeholders: PlaceholderWatch | null = null;

beforeEach(async () => {
  await resetMockBackend();
  placeholders = typeof document === 'undefined' ? null : watchPlaceholders(document.body);
});

// Every answer of the mock backend is checked against its OpenAPI document: an answer the
// contract does not describe fails the test that caused it.
const contractViolations: string[] = [];
const pendingChecks = new Set<Promise<void>>();
const requestedBy = new Map<string, string | undefined>();
let endOfTest = new AbortController();
// Captured before any test can install fake timers, which would never fire the deadline.
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;
/** How long a stream still open at the end of a test may take before it is judged as sent. */
const STREAM_GRACE_MS = 1000;

// This file runs again for every test file in a shared worker: its listeners go with it.
const onRequestStart = ({ requestId }: { requestId: string }) => {
  requestedBy.set(requestId, expect.getState().currentTestName);
};
server.events.on('request:start', onRequestStart);

const onResponseMocked = ({
  request,
  response,
  requestId,
}: {
  request: Request;
  response: Response;
  requestId: string;
}) => {
  const test = requestedBy.get(requestId);
  requestedBy.delete(requestId);
  const label = `${request.method} ${new URL(request.url).pathname} → ${response.status}`;
  // An answer can arrive after its test ended: name the test that asked for it.
  const late = test !== undefined && test !== expect.getState().currentTestName;
  const from = late ? ` (requested by "${test}")` : '';
  const check = checkResponse(request, response, { signal: endOfTest.signal })
    .then((found) => found.forEach((v) => contractViolations.push(`${label}${from}: ${v}`)))
    .catch((error: unknown) => void contractViolations.push(`${label}${from}: ${String(error)}`))
    .finally(() => pendingChecks.delete(check));
  pendingChecks.add(check);
};
server.events.on('response:mocked', onResponseMocked);

/** Throws the violations found since the last call, once every pending check is done. */
async function assertContractKept() {
  const timer = realSetTimeout(() => endOfTest.abort(), STREAM_GRACE_MS);
  while (pendingChecks.size) await Promise.all(pendingChecks);
  realClearTimeout(timer);
  endOfTest = new AbortController();
  const found = new Map<string, number>();
  for (const v of contractViolations.splice(0)) found.set(v, (found.get(v) ?? 0) + 1);
  if (found.size) {
    const lines = [...found].map(([v, n]) => (n > 1 ? `${v} (${n} times)` : v));
    throw new Error(`The mock backend answered off the contract:\n- ${lines.join('\n- ')}`);
  }
}

afterEach(async () => {
  const unfilled = placeholders?.stop() ?? [];
  placeholders = null;
  cleanup();
  endTestStores();
  // The app's timers end with the test that started them (autosave, countdowns, retries,
  // delayed dialogs), and the system clock is back in place of a manual one.
  clearClockTimersForTests();
  server.resetHandlers();
  dialogStore.reset();
  resetRefreshStateForTests();
  resetDraftsForTests();
  analytics.clear();
  globalThis.localStorage?.clear();
  await assertContractKept();
  if (unfilled.length) throw new Error(placeholderReport(unfilled));
});

/**
 * What a file leaves in the shared document and storage goes with it, as if each file had a
 * page of its own: nodes outside Testing Library's containers, attributes on <html> and
 * <body>, session storage and cookies.
 */
function resetDocument() {
  if (typeof document === 'undefined') return;
  document.body.replaceChildren();
  for (const el of [document.documentElement, document.body])
    for (const { name } of [...el.attributes]) if (name !== 'lang') el.removeAttribute(name);
  globalThis.sessionStorage?.clear();
  for (const cookie of document.cookie ? document.cookie.split(';') : []) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
}

afterAll(async () => {
  server.close();
  // Answers that arrived after the last test ended.
  await assertContractKept();
  server.events.removeListener('request:start', onRequestStart);
  server.events.removeListener('response:mocked', onResponseMocked);
  resetDocument();
});
