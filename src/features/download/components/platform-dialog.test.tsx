import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { generate } from 'lean-qr';
import { toSvgPath } from 'lean-qr/extras/svg';
import { ANDROID_DOWNLOAD_URL, APP_STORE_URL } from '@/config/download';
import { changeLanguage, i18next } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/render';
import { downloadPageUrl, PlatformDialog } from './platform-dialog';

const t = (key: string) => i18next.t(key);

describe('PlatformDialog', () => {
  afterEach(() => vi.restoreAllMocks());

  it('focuses the first choice, keeps Tab inside and closes on Esc', async () => {
    const onClose = vi.fn();
    const { user } = renderWithProviders(
      <PlatformDialog dialogId={1} onClose={onClose} platform="ios" />,
    );
    const dialog = screen.getByRole('dialog', { name: t('download:platform.title') });
    const ios = within(dialog).getByRole('link', { name: t('download:platform.ios') });
    expect(ios).toHaveFocus();
    expect(ios).toHaveAttribute('href', APP_STORE_URL);
    expect(ios).toHaveClass('button--primary');
    expect(
      within(dialog).getByRole('link', { name: t('download:platform.android') }),
    ).toHaveAttribute('href', ANDROID_DOWNLOAD_URL);
    // Phones get no desktop part; the download page link is last, then Tab wraps to close.
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    await user.tab();
    await user.tab();
    expect(
      within(dialog).getByRole('link', { name: t('download:platform.openPage') }),
    ).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: t('common:actions.close') })).toHaveFocus();
    await user.tab();
    expect(ios).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('puts Android first on an Android phone', () => {
    renderWithProviders(<PlatformDialog dialogId={1} onClose={vi.fn()} platform="android" />);
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links.slice(0, 2)).toEqual([ANDROID_DOWNLOAD_URL, APP_STORE_URL]);
  });

  it('on a computer offers the download page address to copy', async () => {
    const { user, store } = renderWithProviders(
      <PlatformDialog dialogId={1} onClose={vi.fn()} platform="other" />,
    );
    // After render: userEvent.setup() (in the render helper) installs its own clipboard.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const url = downloadPageUrl(window.location.origin);
    const field = screen.getByRole('textbox', { name: t('download:platform.linkLabel') });
    expect(field).toHaveValue(url);
    // A multi-line, read-only field: a long address wraps instead of being cut off.
    expect(field.tagName).toBe('TEXTAREA');
    expect(field).toHaveAttribute('readonly');
    // Focusing it selects the whole address, for copying by hand.
    await user.click(field);
    const area = field as HTMLTextAreaElement;
    expect([area.selectionStart, area.selectionEnd]).toEqual([0, url.length]);
    await user.click(screen.getByRole('button', { name: t('download:platform.copyLink') }));
    expect(writeText).toHaveBeenCalledWith(url);
    await waitFor(() =>
      expect(store.getState().toast.current?.msg).toBe(t('download:platform.copied')),
    );
  });

  it('on a computer shows the download page address as a QR code beside the field', () => {
    renderWithProviders(<PlatformDialog dialogId={1} onClose={vi.fn()} platform="other" />);
    const url = downloadPageUrl(window.location.origin);
    expect(url).toMatch(/^https?:\/\/[^/]+\/.*m\/download$/);
    const qr = screen.getByRole('img', { name: t('download:platform.qrLabel') });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    // Sized for a phone camera, the code of the address with a white 4-module quiet zone.
    expect(qr).toHaveAttribute('width', '168');
    expect(qr).toHaveAttribute('height', '168');
    const code = generate(url);
    const side = code.size + 8;
    expect(qr).toHaveAttribute('viewBox', `-4 -4 ${side} ${side}`);
    const rect = qr.querySelector('rect')!;
    expect(rect).toHaveAttribute('width', String(side));
    expect(rect).toHaveAttribute('fill', '#fff');
    const path = qr.querySelector('path')!;
    expect(path).toHaveAttribute('d', toSvgPath(code));
    expect(path).toHaveAttribute('fill', '#000');
    // Beside the address and its copy button, in the computer's part of the dialog.
    const desktop = screen.getByRole('region', { name: t('download:platform.desktopTitle') });
    expect(within(desktop).getByRole('img')).toBe(qr);
    expect(within(desktop).getByRole('textbox')).toHaveValue(url);
  });

  it.each(['ios', 'android'] as const)(
    'shows no QR code on a phone (%s): the stores are the way',
    (platform) => {
      renderWithProviders(<PlatformDialog dialogId={1} onClose={vi.fn()} platform={platform} />);
      const dialog = screen.getByRole('dialog', { name: t('download:platform.title') });
      expect(within(dialog).queryByRole('img')).toBeNull();
      expect(within(dialog).queryByRole('region')).toBeNull();
    },
  );

  it('names the QR code in English too', async () => {
    await changeLanguage('en');
    // Unmounted before the language goes back, so the switch re-renders nothing.
    const view = renderWithProviders(
      <PlatformDialog dialogId={1} onClose={vi.fn()} platform="other" />,
    );
    try {
      expect(screen.getByRole('img', { name: 'QR code of the download page' })).toBeVisible();
    } finally {
      view.unmount();
      await changeLanguage('zh');
    }
  });

  it('says so when the address cannot be copied', async () => {
    const execCommand = document.execCommand;
    document.execCommand = vi.fn(() => false) as unknown as typeof document.execCommand;
    try {
      const { user, store } = renderWithProviders(
        <PlatformDialog dialogId={1} onClose={vi.fn()} platform="other" />,
      );
      vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
      await user.click(screen.getByRole('button', { name: t('download:platform.copyLink') }));
      await waitFor(() =>
        expect(store.getState().toast.current).toMatchObject({
          msg: t('download:platform.copyFailed'),
          type: 'error',
        }),
      );
    } finally {
      document.execCommand = execCommand;
    }
  });
});
