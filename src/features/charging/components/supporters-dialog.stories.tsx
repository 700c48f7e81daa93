import type { Meta, StoryObj } from '@storybook/react-vite';
import { http as mswHttp } from 'msw';
import { expect, screen, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { apiError } from '@mocks/http';
import { MY_SHARE } from './charging.fixtures';
import { SupportersDialog } from './supporters-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(`charging:${key}`, options);
const SUPPORTERS = '*/api/v2/sharing/:id/charged_records';

const meta = {
  title: 'Charging/Supporters slider',
  component: SupportersDialog,
  args: {
    dialogId: 1,
    of: { kind: 'share', shareId: MY_SHARE.share_id },
    title: MY_SHARE.title,
    onClose: () => undefined,
  },
  parameters: { route: '/', appFrame: true, msw: { handlers } },
} satisfies Meta<typeof SupportersDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const list = () => screen.findByRole('list', { name: t('supporters.list') });

/** A work's 36 seeded supporters: medals for the top three, two-digit numbers, +amount. */
export const Work: Story = {
  play: async () => {
    const rows = within(await list()).getAllByRole('listitem');
    await expect(
      within(rows[0]!).getByRole('img', { name: t('supporters.medal.gold') }),
    ).toBeVisible();
    await expect(within(rows[3]!).getByText('04')).toBeVisible();
  },
};

/** A user's supporters (all their works), as the signed-in viewer (with "My tips"). */
export const User: Story = {
  args: { of: { kind: 'user', uid: 'u_author' }, title: '墨染青衣' },
  parameters: { scenarios: ['signed-in'] },
  play: async () => {
    await list();
    await expect(screen.getByRole('button', { name: t('records.title') })).toBeVisible();
  },
};

/** Pages of 8: the slider loads the next ones by itself (fewer than 15 came back). */
export const ShortPages: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get(SUPPORTERS, ({ request }) => {
          const from = Number(new URL(request.url).searchParams.get('cursor') ?? 0);
          const to = Math.min(24, from + 8);
          return Response.json({
            data: Array.from({ length: to - from }, (_, i) => ({
              user_info: {
                _id: `u_s${from + i}`,
                name: `读者${from + i}`,
                avatar: '',
                is_official: false,
              },
              total_amount: 12_000 - (from + i) * 500,
            })),
            paging: {
              has_prev: from > 0,
              has_next: to < 24,
              next: to < 24 ? `/api/v2/sharing/s/charged_records?cursor=${to}` : null,
            },
          });
        }),
        ...handlers,
      ],
    },
  },
  play: async () => {
    const rows = await list();
    await expect(await within(rows).findByText('读者23')).toBeVisible();
  },
};

/** Nobody has tipped the work yet. */
export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get(SUPPORTERS, () =>
          Response.json({ data: [], paging: { has_prev: false, has_next: false, next: null } }),
        ),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await expect(await screen.findByText(t('supporters.empty'))).toBeVisible();
  },
};

/** The first load failed: the error block with a retry. */
export const Failed: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get(SUPPORTERS, () => apiError(50300, 'unavailable', null, 503)),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await expect(
      await screen.findByRole('button', { name: new RegExp(i18next.t('common:actions.retry')) }),
    ).toBeVisible();
  },
};

/** The work is no longer shared (40406). */
export const WorkMissing: Story = {
  args: { of: { kind: 'share', shareId: 's_nope' } },
  play: async () => {
    await expect((await screen.findAllByText(t('errors.shareMissing'))).length).toBeGreaterThan(0);
  },
};

/** The first page is on its way. */
export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [mswHttp.get(SUPPORTERS, () => new Promise<never>(() => undefined)), ...handlers],
    },
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await expect((await within(dialog).findAllByRole('status')).length).toBeGreaterThan(0);
  },
};
