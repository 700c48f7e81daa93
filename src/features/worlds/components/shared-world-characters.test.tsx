import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { i18next } from '@/lib/i18n';
import { renderApp } from '@/testing/render';
import { SHARED_WORLD_SHARE_ID } from '@mocks/handlers/exploration-test-kit';
import { get } from '@mocks/handlers/test-client';
import { server } from '@mocks/server';

const t = (key: string) => i18next.t(key);

afterEach(() => server.events.removeAllListeners('request:start'));

describe('a shared world’s public page', () => {
  it('lists its recommended characters from the square call (page, per_page)', async () => {
    const path = `/api/v1/square/${SHARED_WORLD_SHARE_ID}/universes/characters`;
    const real = (await get(path)).body as { data: Array<{ id: string; name: string }> };
    expect(real.data.length).toBeGreaterThan(1);
    const [first, second] = real.data;
    // The square's answer is the one shown: only its first character here.
    server.use(
      http.get(`*${path}`, () =>
        HttpResponse.json({
          data: [first],
          paging: { has_prev: false, has_next: false, next: null },
        }),
      ),
    );
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === path) asked.push(url.search);
    });
    renderApp(`/universe/${SHARED_WORLD_SHARE_ID}`);
    const section = (
      await screen.findByRole('heading', { name: t('worlds:public.characters') })
    ).closest('section')!;
    expect(await within(section).findByText(first!.name)).toBeVisible();
    expect(within(section).queryByText(second!.name)).toBeNull();
    expect(asked).toHaveLength(1);
    const query = new URLSearchParams(asked[0]);
    expect([query.get('page'), Number(query.get('per_page')) > 0]).toEqual(['1', true]);
  });
});
