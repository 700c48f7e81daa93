import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { Link } from 'react-router';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { env } from '@/config/env';
import { copyText } from '@/lib/copy-text';

/** The address a reader opens: this page's origin and the app's base path before `path`. */
export function publicUrl(path: string, origin = window.location.origin): string {
  return origin + env.basePath.replace(/\/$/, '') + path;
}

/**
 * What the author of a shared work (a story, a world) hands on: the public page to open, its
 * link to copy, and the share code (the share id, which another author pastes to copy a
 * world). Shown only while the work can be read by link (square or link-only); the caller
 * decides that, since the statuses are its feature's.
 */
export function PublicLink({ path, shareId }: { path: string; shareId: string }) {
  const { t } = useTranslation('common');
  const dispatch = useDispatch();

  async function copy(text: string, copied: string) {
    const ok = await copyText(text);
    dispatch(
      toastShown(ok ? { msg: copied } : { msg: t('common:publicLink.copyFailed'), type: 'error' }),
    );
  }

  return (
    <div className="public-link">
      <p className="public-link__row">
        <Link to={path}>{t('common:publicLink.open')}</Link>
        <button
          type="button"
          className="button"
          onClick={() => void copy(publicUrl(path), t('common:publicLink.linkCopied'))}
        >
          {t('common:publicLink.copyLink')}
        </button>
      </p>
      <p className="public-link__row">
        <span>
          {t('common:publicLink.code')} <code className="public-link__code">{shareId}</code>
        </span>
        <button
          type="button"
          className="button"
          onClick={() => void copy(shareId, t('common:publicLink.codeCopied'))}
        >
          {t('common:publicLink.copyCode')}
        </button>
      </p>
    </div>
  );
}
