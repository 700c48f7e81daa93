import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { server } from '@mocks/server';
import { prefetchRoute } from './router';
import { setupStore } from './store';

describe('prefetchRoute', () => {
  const asked: string[] = [];
  const onRequest = ({ request }: { request: Request }) => {
    asked.push(new URL(request.url).pathname + new URL(request.url).search);
  };
  beforeAll(() => server.events.on('request:start', onRequest));
  afterAll(() => server.events.removeListener('request:start', onRequest));
  afterEach(() => {
    asked.length = 0;
  });

  it("starts the square's first page (and the rail's characters on recommend) before any render", async () => {
    const store = setupStore();
    prefetchRoute(store.dispatch, new URL('http://localhost/dashboard/square'));
    // The answer is kept where the screen's own query will look (the same endpoint and tab).
    await waitFor(() =>
      expect(
        Object.values(store.getState().api.queries).map((q) => [
          q?.endpointName,
          q?.originalArgs,
          q?.status,
        ]),
      ).toContainEqual(['listSquarePages', { tab: 'recommend' }, 'fulfilled']),
    );
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/api\/v1\/square\/shares\?tab=recommend&limit=20$/),
        expect.stringMatching(/^\/api\/v1\/square\/characters\?limit=12$/),
      ]),
    );
  });

  it('asks for the open tab only, and nothing for the follow tab or another screen', async () => {
    const store = setupStore();
    prefetchRoute(store.dispatch, new URL('http://localhost/dashboard/square?tab=latest'));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toBe('/api/v1/square/shares?tab=latest&limit=20');
    asked.length = 0;
    prefetchRoute(store.dispatch, new URL('http://localhost/dashboard/square?tab=follow'));
    prefetchRoute(store.dispatch, new URL('http://localhost/dashboard/novels'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked).toEqual([]);
  });
});
