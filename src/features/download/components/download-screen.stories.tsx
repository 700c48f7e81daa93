import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { APP_STORE_URL } from '@/config/download';
import { i18next } from '@/lib/i18n';
import { DownloadPage } from './download-screen';

const t = (key: string) => i18next.t(key);

/**
 * The mobile download page (spec 1 §2). It calls no API; the clipboard and the redirect are
 * the story's, so copying and leaving can be watched.
 */
const meta = {
  title: 'Download/Mobile download page',
  component: DownloadPage,
  args: {
    platform: 'ios',
    redirect: fn(),
    copy: fn(() => Promise.resolve(true)),
  },
  parameters: {
    appFrame: true,
    layout: 'fullscreen',
    viewport: { defaultViewport: 'mobile1' },
  },
} satisfies Meta<typeof DownloadPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const images = () => screen.getAllByRole('img').map((img) => img.getAttribute('src') ?? '');

/** The product's page (overseas flag off): title, four descriptions, copy and download. */
export const Chinese: Story = {
  play: async () => {
    await screen.findByRole('heading', { level: 1, name: t('download:page.label') });
    await expect(images().filter((src) => src.includes('/desc-'))).toHaveLength(4);
    await expect(images().every((src) => src.includes('/download/zh/'))).toBe(true);
  },
};

/** The overseas variant: three descriptions, and the two buttons' artwork swapped. */
export const English: Story = {
  args: { overseas: true },
  globals: { locale: 'en' },
  play: async () => {
    await screen.findByRole('heading', { level: 1, name: 'Download the Inkworld app' });
    await expect(images().filter((src) => src.includes('/desc-'))).toHaveLength(3);
    const copy = screen.getByRole('button', { name: 'Copy the site address' });
    await expect(within(copy).getByRole('img').getAttribute('src')).toMatch(/btn-download\.svg$/);
  },
};

/** Button 1: the site origin is copied and the success toast says so. */
export const Copied: Story = {
  play: async ({ args }) => {
    await userEvent.click(await screen.findByRole('button', { name: t('download:page.copy') }));
    await expect(args.copy).toHaveBeenCalledWith(window.location.origin);
    await expect(await screen.findByText(t('download:config.copy_down_tips'))).toBeInTheDocument();
  },
};

/** The clipboard refuses: the failure toast (config.copy_failed). */
export const CopyFailed: Story = {
  args: { copy: fn(() => Promise.resolve(false)) },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: t('download:page.copy') }));
    await expect(await screen.findByText(t('download:config.copy_failed'))).toBeInTheDocument();
  },
};

/** Button 2 on an iPhone: the App Store listing. */
export const DownloadOnIos: Story = {
  play: async ({ args }) => {
    await userEvent.click(await screen.findByRole('button', { name: t('download:page.download') }));
    await expect(args.redirect).toHaveBeenCalledWith(APP_STORE_URL);
  },
};

/** On a computer button 2 goes to the site; "choose another platform" opens the dialog. */
export const DesktopChoosesPlatform: Story = {
  args: { platform: 'other' },
  play: async () => {
    await userEvent.click(
      await screen.findByRole('button', { name: t('download:page.choosePlatform') }),
    );
    const dialog = await screen.findByRole('dialog', { name: t('download:platform.title') });
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox')).toHaveValue(
        `${window.location.origin}${import.meta.env.BASE_URL.replace(/\/$/, '')}/m/download`,
      ),
    );
  },
};
