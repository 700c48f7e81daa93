import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { server } from '@/mocks/server';
import { resetMockBackend } from '@/mocks/testing';
import { FEATURE_NAMESPACES, initI18n, loadNamespaces } from '@/lib/i18n';
import { dialogStore } from '@/components/ui/dialog/dialog-store';
import { resetRefreshStateForTests } from '@/api/base-query';

// jsdom has no layout: the router's scroll restoration would only log "not implemented".
if (typeof window !== 'undefined') window.scrollTo = () => undefined;

// Any request without a handler is a bug in the test or the contract.
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await initI18n('zh');
  await loadNamespaces(FEATURE_NAMESPACES);
});

beforeEach(async () => {
  await resetMockBackend();
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  dialogStore.reset();
  resetRefreshStateForTests();
  globalThis.localStorage?.clear();
});

afterAll(() => server.close());
