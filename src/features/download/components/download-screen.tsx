import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { LazyImage } from '@/components/ui/lazy-image/lazy-image';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { OVERSEAS } from '@/config/download';
import { env } from '@/config/env';
import { copyText } from '@/lib/copy-text';
import { currentPlatform, downloadTarget, type Platform } from '../model/platform';
import { downloadVariant } from '../model/variant';
import './download.css';

export interface DownloadPageProps {
  /** Spec 1 §9: fixed off in the product (the Chinese variant). */
  overseas?: boolean;
  /** The visitor's device; read from the browser when not given. */
  platform?: Platform;
  /** Leaves for the download target (the browser's location by default). */
  redirect?: (url: string) => void;
  /** Puts text on the clipboard, true when it got there (`copyText` by default). */
  copy?: (text: string) => Promise<boolean>;
}

/** Intrinsic sizes of the artwork in public/download/ (750 px mobile design width). */
const TITLE_SIZE = { width: 750, height: 420 };
const DESC_SIZE = { width: 750, height: 560 };
const BUTTON_SIZE = { width: 640, height: 112 };

const asset = (path: string) => env.basePath + path;

/**
 * The mobile download page (spec 1 §2): a title image, the description images, and two
 * buttons — copy the site's origin, and go to the app's download for this device. Every
 * image loads lazily with retries. Besides the spec's two buttons a "choose another
 * platform" link opens the platform dialog, so a desktop visitor (whom button 2 sends to
 * the site) can still reach the stores or the address for a phone.
 */
export function DownloadPage({
  overseas = OVERSEAS,
  platform = currentPlatform(),
  redirect = (url) => window.location.assign(url),
  copy = copyText,
}: DownloadPageProps) {
  const { t } = useTranslation('download');
  const dispatch = useDispatch();
  const variant = downloadVariant(overseas);
  const origin = window.location.origin;

  async function copyOrigin() {
    const ok = await copy(origin);
    dispatch(
      toastShown(
        ok ? { msg: t('config.copy_down_tips') } : { msg: t('config.copy_failed'), type: 'error' },
      ),
    );
  }

  return (
    <div className="download-page">
      <h1 className="visually-hidden">{t('page.label')}</h1>
      <LazyImage
        className="download-page__title"
        src={asset(variant.title)}
        alt={t(`images.${variant.lang}.title`)}
        {...TITLE_SIZE}
      />
      <ul className="download-page__descriptions">
        {variant.descriptions.map((src, i) => (
          <li key={src}>
            <LazyImage
              src={asset(src)}
              alt={t(`images.${variant.lang}.desc${i + 1}`)}
              {...DESC_SIZE}
            />
          </li>
        ))}
      </ul>
      <div className="download-page__buttons">
        {/* Named by the button itself: the image inside is not there until it scrolls into view. */}
        <button
          type="button"
          className="download-page__button"
          aria-label={t('page.copy')}
          onClick={() => void copyOrigin()}
        >
          <LazyImage src={asset(variant.copyButton)} alt={t('page.copy')} {...BUTTON_SIZE} />
        </button>
        <button
          type="button"
          className="download-page__button"
          aria-label={t('page.download')}
          onClick={() => redirect(downloadTarget(platform, origin))}
        >
          <LazyImage
            src={asset(variant.downloadButton)}
            alt={t('page.download')}
            {...BUTTON_SIZE}
          />
        </button>
        <button
          type="button"
          className="download-page__platforms"
          onClick={() => openDialog('platform', { platform, onDownloadPage: true })}
        >
          {t('page.choosePlatform')}
        </button>
      </div>
    </div>
  );
}

export default function DownloadScreen() {
  return <DownloadPage />;
}
