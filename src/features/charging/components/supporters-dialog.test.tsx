import { afterEach, describe, expect, it, vi } from 'vitest';
import { http as mswHttp } from 'msw';
import { screen, within } from '@testing-library/react';
import { i18next } from '@/lib/i18n';
import { renderWithProviders, signedInState } from '@/testing/render';
import { apiError } from '@mocks/http';
import { server } from '@mocks/server';
import { MY_SHARE } from './charging.fixtures';
import { SupportersDialog } from './supporters-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(`charging:${key}`, options);

function renderSlider(
  of = { kind: 'share' as const, shareId: MY_SHARE.share_id },
  title = MY_SHARE.title,
) {
  return renderWithProviders(
    <SupportersDialog dialogId={1} of={of} title={title} onClose={() => undefined} />,
    { route: '/' },
  );
}

/** Supporters in pages of `size`, `total` in all, counting the requests. */
function pagedSupporters(total: number, size: number) {
  const seen: string[] = [];
  const handler = mswHttp.get('*/api/v2/sharing/:id/charged_records', ({ request }) => {
    const url = new URL(request.url);
    seen.push(url.search);
    const from = Number(url.searchParams.get('cursor') ?? 0);
    const to = Math.min(total, from + size);
    return Response.json({
      data: Array.from({ length: to - from }, (_, i) => ({
        user_info: {
          _id: `u_s${from + i}`,
          name: `读者${from + i}`,
          avatar: '',
          is_official: false,
        },
        total_amount: 10_000 - (from + i) * 100,
      })),
      paging: {
        has_prev: from > 0,
        has_next: to < total,
        next: to < total ? `/api/v2/sharing/s1/charged_records?cursor=${to}` : null,
      },
    });
  });
  return { handler, seen };
}

describe('SupportersDialog', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is titled for the work and ranks its supporters: medals, then two-digit numbers, +amount', async () => {
    renderSlider();
    expect(
      screen.getByRole('dialog', { name: t('supporters.titleShare', { title: MY_SHARE.title }) }),
    ).toBeVisible();
    const list = await screen.findByRole('list', { name: t('supporters.list') });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(within(rows[0]!).getByRole('img', { name: t('supporters.medal.gold') })).toBeVisible();
    expect(within(rows[1]!).getByRole('img', { name: t('supporters.medal.silver') })).toBeVisible();
    expect(within(rows[2]!).getByRole('img', { name: t('supporters.medal.bronze') })).toBeVisible();
    expect(within(rows[3]!).queryByRole('img', { name: /medal|牌/ })).toBeNull();
    expect(within(rows[3]!).getByText('04')).toBeVisible();
    for (const row of rows) expect(row.textContent).toMatch(/\+[\d.]+(万|k)?/);
  });

  it('is titled for a user', async () => {
    renderSlider({ kind: 'user', uid: 'u_author' } as never, '墨染青衣');
    expect(
      screen.getByRole('dialog', { name: t('supporters.titleUser', { name: '墨染青衣' }) }),
    ).toBeVisible();
    await screen.findByRole('list', { name: t('supporters.list') });
  });

  it('loads another page by itself while fewer than 15 came back', async () => {
    const { handler, seen } = pagedSupporters(24, 8);
    server.use(handler);
    renderSlider();
    const list = await screen.findByRole('list', { name: t('supporters.list') });
    await within(list).findByText('读者23');
    expect(within(list).getAllByRole('listitem')).toHaveLength(24);
    expect(seen).toHaveLength(3);
  });

  it('does not load more by itself after a page of 15 or more', async () => {
    const { handler, seen } = pagedSupporters(40, 20);
    server.use(handler);
    // A list taller than its box (jsdom lays nothing out): only a scroll would load more.
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(2000);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
    renderSlider();
    const list = await screen.findByRole('list', { name: t('supporters.list') });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByRole('button', { name: t('supporters.more') })).toBeVisible();
    expect(seen).toHaveLength(1);
  });

  it('an empty list says so', async () => {
    server.use(pagedSupporters(0, 20).handler);
    renderSlider();
    expect(await screen.findByText(t('supporters.empty'))).toBeVisible();
  });

  it('a failed first load shows the error block; retry loads the list', async () => {
    let fail = true;
    server.use(
      mswHttp.get('*/api/v2/sharing/:id/charged_records', () =>
        fail ? apiError(50300, 'unavailable', null, 503) : undefined,
      ),
    );
    const { user } = renderWithProviders(
      <SupportersDialog
        dialogId={1}
        of={{ kind: 'share', shareId: MY_SHARE.share_id }}
        title={MY_SHARE.title}
        onClose={() => undefined}
      />,
      { route: '/', preloadedState: await signedInState() },
    );
    const retry = await screen.findByRole('button', {
      name: new RegExp(i18next.t('common:actions.retry')),
    });
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('list', { name: t('supporters.list') })).toBeVisible();
  });

  it('a work that is gone (40406) says so', async () => {
    renderSlider({ kind: 'share', shareId: 's_nope' });
    expect((await screen.findAllByText(t('errors.shareMissing'))).length).toBeGreaterThan(0);
  });
});
