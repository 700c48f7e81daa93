import type { Meta, StoryObj } from '@storybook/react-vite';
import { http as mswHttp } from 'msw';
import { expect, screen, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { apiError } from '@mocks/http';
import { RecordDialog } from './record-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(`charging:${key}`, options);
const RECORDS = '*/api/v1/user/charged_records';

const meta = {
  title: 'Charging/Record dialog',
  component: RecordDialog,
  args: { dialogId: 1, onClose: () => undefined },
  parameters: { scenarios: ['signed-in'], route: '/', appFrame: true, msw: { handlers } },
} satisfies Meta<typeof RecordDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The signed-in author's tips, newest first (the seed has a few). */
export const Records: Story = {
  play: async () => {
    const list = await screen.findByRole('list', { name: t('records.list') });
    await expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(0);
  },
};

/** No tips yet. */
export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get(RECORDS, () =>
          Response.json({ data: [], paging: { has_prev: false, has_next: false, next: null } }),
        ),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await expect(await screen.findByText(t('records.empty'))).toBeVisible();
  },
};

/** The first load failed: a retry. */
export const Failed: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get(RECORDS, () => apiError(50300, 'unavailable', null, 503)),
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

/** On its way. */
export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [mswHttp.get(RECORDS, () => new Promise<never>(() => undefined)), ...handlers],
    },
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await expect(await within(dialog).findByRole('status')).toBeInTheDocument();
  },
};
