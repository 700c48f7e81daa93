import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { releasesIn } from '@mocks/handlers/events';
import { UpdateDialog } from './update-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const [NEWEST] = releasesIn('zh');

const meta = {
  title: 'Events/Update dialog',
  component: UpdateDialog,
  args: { dialogId: 1, releases: releasesIn('zh').slice(0, 1), onClose: fn() },
  parameters: { route: '/dashboard/square', appFrame: true },
  // The releases follow the toolbar's language, as the API's answer does.
  render: (args, { globals }) => (
    <UpdateDialog
      {...args}
      releases={releasesIn(globals.locale === 'en' ? 'en' : 'zh').slice(0, args.releases.length)}
    />
  ),
} satisfies Meta<typeof UpdateDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async () =>
  within(
    await screen.findByRole('dialog', {
      name: t('events:update.title', { version: NEWEST!.version }),
    }),
  );

/** One new version since the last visit: its notes, acknowledge, the history link. */
export const OneRelease: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await expect(d.getByRole('link', { name: t('events:update.history') })).toBeVisible();
    await userEvent.click(d.getByRole('button', { name: t('events:update.acknowledge') }));
    await expect(args.onClose).toHaveBeenCalled();
    await expect(localStorage.getItem('pro_release_seen')).toContain(NEWEST!.version);
  },
};

/** Several versions came since the last visit: the newest's notes and how many more. */
export const SeveralReleases: Story = {
  args: { releases: releasesIn('zh').slice(0, 3) },
  play: async () => {
    const d = await dialog();
    await expect(d.getByText(t('events:update.earlier', { count: 2 }))).toBeVisible();
  },
};
