import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { cleanup } from '@testing-library/react';
import { server } from '@mocks/server';
import { resetMockBackend } from '@mocks/testing';
import { FEATURE_NAMESPACES, initI18n, loadNamespaces } from '@/lib/i18n';
import { dialogStore } from '@/components/ui/dialog/dialog-store';
import { resetRefreshStateForTests } from '@/session/refresh';
import { checkResponse } from './contract-guard';

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
  server.listen({ onUnhandledRequest: 'error' });
  await initI18n('zh');
  await loadNamespaces(FEATURE_NAMESPACES);
});

beforeEach(async () => {
  await resetMockBackend();
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

server.events.on('request:start', ({ requestId }) => {
  requestedBy.set(requestId, expect.getState().currentTestName);
});

server.events.on('response:mocked', ({ request, response, requestId }) => {
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
});

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
  cleanup();
  server.resetHandlers();
  dialogStore.reset();
  resetRefreshStateForTests();
  globalThis.localStorage?.clear();
  await assertContractKept();
});

afterAll(async () => {
  server.close();
  // Answers that arrived after the last test ended.
  await assertContractKept();
});
