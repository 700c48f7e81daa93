import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { ANDROID_DOWNLOAD_URL, APP_STORE_URL } from '@/config/download';
import { i18next } from '@/lib/i18n';
import { PlatformDialog } from './platform-dialog';

const t = (key: string) => i18next.t(key);

const meta = {
  title: 'Download/Platform dialog',
  component: PlatformDialog,
  args: { dialogId: 1, onClose: fn(), platform: 'other' },
  parameters: { appFrame: true },
} satisfies Meta<typeof PlatformDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

async function platformDialog() {
  return within(await screen.findByRole('dialog', { name: t('download:platform.title') }));
}

/** A computer: both stores, and the download page's address as a QR code and to copy. */
export const Desktop: Story = {
  play: async ({ args }) => {
    const dialog = await platformDialog();
    await expect(dialog.getByRole('link', { name: t('download:platform.ios') })).toHaveFocus();
    await expect(dialog.getByRole('img', { name: t('download:platform.qrLabel') })).toBeVisible();
    await expect(dialog.getByRole('textbox')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalled();
  },
};

/** An iPhone: the App Store first and highlighted; no address section, no QR code. */
export const Ios: Story = {
  args: { platform: 'ios' },
  play: async () => {
    const dialog = await platformDialog();
    const links = dialog.getAllByRole('link').map((a) => a.getAttribute('href'));
    await expect(links.slice(0, 2)).toEqual([APP_STORE_URL, ANDROID_DOWNLOAD_URL]);
    await expect(dialog.queryByRole('textbox')).toBeNull();
    await expect(dialog.queryByRole('img')).toBeNull();
  },
};

/** An Android phone: the download link first. */
export const Android: Story = {
  args: { platform: 'android' },
  play: async () => {
    const dialog = await platformDialog();
    await expect(dialog.getAllByRole('link')[0]).toHaveAttribute('href', ANDROID_DOWNLOAD_URL);
  },
};

/** Opened from the download page itself: no link back to it. */
export const FromDownloadPageEnglish: Story = {
  args: { onDownloadPage: true },
  globals: { locale: 'en' },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Get the Inkworld app' }));
    await expect(dialog.queryByRole('link', { name: 'Open the download page' })).toBeNull();
    await expect(dialog.getByRole('button', { name: 'Copy address' })).toBeInTheDocument();
    await expect(dialog.getByRole('img', { name: 'QR code of the download page' })).toBeVisible();
  },
};
