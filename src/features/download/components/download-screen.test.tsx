import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ANDROID_DOWNLOAD_URL, APP_STORE_URL } from '@/config/download';
import { i18next } from '@/lib/i18n';
import { renderApp, renderWithProviders } from '@/testing/render';
import { DownloadPage } from './download-screen';

const t = (key: string) => i18next.t(key);

/** After render: userEvent.setup() (in the render helpers) installs its own clipboard. */
function stubClipboard(writeText: (text: string) => Promise<void>) {
  return vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(writeText);
}

const imageNames = () =>
  screen
    .getAllByRole('img')
    .map((img) => img.getAttribute('src')?.replace(/^.*\/download\//, '') ?? '');

describe('the download page (spec 1 §2)', () => {
  const execCommand = document.execCommand;
  afterEach(() => {
    vi.restoreAllMocks();
    document.execCommand = execCommand;
  });

  it('lives at /m/download: the Chinese variant, title, four descriptions, two buttons', async () => {
    renderApp('/m/download');
    expect(
      await screen.findByRole('heading', { level: 1, name: t('download:page.label') }),
    ).toBeInTheDocument();
    expect(imageNames()).toEqual([
      'zh/title.svg',
      'zh/desc-1.svg',
      'zh/desc-2.svg',
      'zh/desc-3.svg',
      'zh/desc-4.svg',
      'zh/btn-copy.svg',
      'zh/btn-download.svg',
    ]);
    for (const img of screen.getAllByRole('img')) expect(img).toHaveAttribute('loading', 'lazy');
    expect(screen.getByRole('img', { name: t('download:images.zh.desc4') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('download:page.copy') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('download:page.download') })).toBeInTheDocument();
  });

  it("English variant: three descriptions and the buttons' images swapped, names kept", () => {
    renderWithProviders(<DownloadPage overseas platform="other" redirect={vi.fn()} />);
    expect(imageNames()).toEqual([
      'en/title.svg',
      'en/desc-1.svg',
      'en/desc-2.svg',
      'en/desc-3.svg',
      'en/btn-download.svg',
      'en/btn-copy.svg',
    ]);
    const copy = screen.getByRole('button', { name: t('download:page.copy') });
    expect(within(copy).getByRole('img')).toHaveAttribute(
      'src',
      expect.stringMatching(/btn-download\.svg$/),
    );
  });

  it('button 1 copies the site origin and says so (config.copy_down_tips)', async () => {
    const { user, store } = renderWithProviders(<DownloadPage redirect={vi.fn()} />);
    const writeText = stubClipboard(() => Promise.resolve());
    await user.click(screen.getByRole('button', { name: t('download:page.copy') }));
    expect(writeText).toHaveBeenCalledWith(window.location.origin);
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({
        msg: t('download:config.copy_down_tips'),
        type: 'success',
      }),
    );
  });

  it('says config.copy_failed when the clipboard refuses', async () => {
    const { user, store } = renderWithProviders(<DownloadPage redirect={vi.fn()} />);
    stubClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    document.execCommand = vi.fn(() => false) as unknown as typeof document.execCommand;
    await user.click(screen.getByRole('button', { name: t('download:page.copy') }));
    await waitFor(() =>
      expect(store.getState().toast.current).toMatchObject({
        msg: t('download:config.copy_failed'),
        type: 'error',
      }),
    );
  });

  it.each([
    ['ios', APP_STORE_URL],
    ['android', ANDROID_DOWNLOAD_URL],
    ['other', window.location.origin],
  ] as const)('button 2 on %s goes to %s', async (platform, target) => {
    const redirect = vi.fn();
    const { user } = renderWithProviders(<DownloadPage platform={platform} redirect={redirect} />);
    await user.click(screen.getByRole('button', { name: t('download:page.download') }));
    expect(redirect).toHaveBeenCalledExactlyOnceWith(target);
  });

  it('opens the platform dialog from "choose another platform", and returns focus on Esc', async () => {
    const { user } = renderApp('/m/download');
    const link = await screen.findByRole('button', { name: t('download:page.choosePlatform') });
    await user.click(link);
    const dialog = await screen.findByRole('dialog', { name: t('download:platform.title') });
    // jsdom is a computer: the address for a phone is offered, the page's own link is not.
    expect(within(dialog).getByRole('textbox')).toHaveValue(`${window.location.origin}/m/download`);
    expect(
      within(dialog).queryByRole('link', { name: t('download:platform.openPage') }),
    ).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(link).toHaveFocus();
  });
});
