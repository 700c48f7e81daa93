import { useId, useMemo } from 'react';
import { generate } from 'lean-qr';
import { toSvgPath } from 'lean-qr/extras/svg';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { Dialog } from '@/components/ui/dialog/dialog';
import type { HostedDialogProps } from '@/components/ui/dialog/dialog-registry';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { ANDROID_DOWNLOAD_URL, APP_STORE_URL } from '@/config/download';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { copyText } from '@/lib/copy-text';
import { currentPlatform, type Platform } from '../model/platform';
import './download.css';

export interface PlatformDialogProps {
  /** The visitor's device; read from the browser when not given. */
  platform?: Platform;
  /** Hides the link to the download page when the dialog is opened from it. */
  onDownloadPage?: boolean;
}

declare module '@/components/ui/dialog/dialog-registry' {
  interface DialogMap {
    platform: PlatformDialogProps;
  }
}

/** The download page's address, for a phone to open (the desktop part of the dialog). */
export function downloadPageUrl(origin: string): string {
  return origin + env.basePath.replace(/\/$/, '') + paths.download.getHref();
}

/** Side of the QR code in CSS px: a phone camera reads it from an arm's length. */
const QR_SIZE = 168;

/**
 * A QR code of `text` for a phone's camera: dark modules on white with the 4-module quiet
 * zone, in both themes (the white is part of the image). `lean-qr` loads with this dialog only.
 */
function QrCode({ text, label }: { text: string; label: string }) {
  const code = useMemo(() => generate(text), [text]);
  const side = code.size + 8;
  return (
    <svg
      className="platform-dialog__qr"
      role="img"
      aria-label={label}
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`-4 -4 ${side} ${side}`}
      width={QR_SIZE}
      height={QR_SIZE}
      shapeRendering="crispEdges"
    >
      <rect x={-4} y={-4} width={side} height={side} fill="#fff" />
      <path d={toSvgPath(code)} fill="#000" />
    </svg>
  );
}

/**
 * The platform dialog (spec 1 §2, spec 2 §2 name it; the contents are ours): which
 * platform to download the app for. iOS and Android go to their store links; on a computer
 * it shows the download page's address as a QR code to scan with the phone, and in a field
 * with a copy button. The visitor's own platform comes first.
 */
export function PlatformDialog({
  onClose,
  platform = currentPlatform(),
  onDownloadPage = false,
}: HostedDialogProps & PlatformDialogProps) {
  const { t } = useTranslation('download');
  const dispatch = useDispatch();
  const url = downloadPageUrl(window.location.origin);
  const desktopTitle = useId();
  const urlField = useId();

  const stores = [
    { key: 'ios' as const, href: APP_STORE_URL, label: t('platform.ios') },
    { key: 'android' as const, href: ANDROID_DOWNLOAD_URL, label: t('platform.android') },
  ];
  if (platform === 'android') stores.reverse();

  async function copy() {
    const ok = await copyText(url);
    dispatch(
      toastShown(
        ok ? { msg: t('platform.copied') } : { msg: t('platform.copyFailed'), type: 'error' },
      ),
    );
  }

  return (
    <Dialog title={t('platform.title')} onClose={onClose} size="sm" className="platform-dialog">
      <p className="platform-dialog__lead">{t('platform.lead')}</p>
      <ul className="platform-dialog__stores">
        {stores.map((s, i) => (
          <li key={s.key}>
            <a
              data-autofocus={i === 0 ? true : undefined}
              className={`button button--block${s.key === platform ? ' button--primary' : ''}`}
              href={s.href}
              target="_blank"
              rel="noopener noreferrer"
            >
              {s.label}
            </a>
          </li>
        ))}
      </ul>
      {platform === 'other' ? (
        <section className="platform-dialog__desktop" aria-labelledby={desktopTitle}>
          <h3 id={desktopTitle}>{t('platform.desktopTitle')}</h3>
          <p>{t('platform.desktopText')}</p>
          <div className="platform-dialog__handoff">
            <QrCode text={url} label={t('platform.qrLabel')} />
            <div className="platform-dialog__link">
              <label className="visually-hidden" htmlFor={urlField}>
                {t('platform.linkLabel')}
              </label>
              {/* A text area, not a one-line input: a long origin wraps and stays readable whole. */}
              <textarea
                id={urlField}
                readOnly
                rows={2}
                spellCheck={false}
                value={url}
                onFocus={(e) => e.currentTarget.select()}
              />
              <button type="button" className="button" onClick={() => void copy()}>
                {t('platform.copyLink')}
              </button>
            </div>
          </div>
        </section>
      ) : null}
      {onDownloadPage ? null : (
        <a className="platform-dialog__page" href={url}>
          {t('platform.openPage')}
        </a>
      )}
    </Dialog>
  );
}
