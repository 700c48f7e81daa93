import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Release } from '@/api/events';
import { Dialog } from '@/components/ui/dialog/dialog';
import type { HostedDialogProps } from '@/components/ui/dialog/dialog-registry';
import { paths } from '@/config/paths';
import { clock } from '@/lib/clock';
import { storage } from '@/lib/storage';
import { formatDate, isoDate } from '../model/format';
import { acknowledgeRelease } from '../model/release-notice';
import './events.css';

export interface UpdateDialogProps {
  /** The releases this browser has not been told about, newest first (at least one). */
  releases: Release[];
}

declare module '@/components/ui/dialog/dialog-registry' {
  interface DialogMap {
    update: UpdateDialogProps;
  }
}

/**
 * The update/acknowledge dialog (spec 1 §2 names it): what is new in the newest release, how
 * many earlier ones came since the last visit, and a link to /history. Shown once per
 * version: acknowledging, closing it (Esc, ×, outside) or following the link all write the
 * version to `pro_release_seen`, so it does not come back for that version.
 */
export function UpdateDialog({ releases, onClose }: HostedDialogProps & UpdateDialogProps) {
  const { t, i18n } = useTranslation('events');
  const newest = releases[0];
  const acknowledge = () => {
    if (newest) acknowledgeRelease(storage, newest.version, Math.floor(clock.now() / 1000));
    onClose();
  };
  if (!newest) return null;
  const earlier = releases.length - 1;

  return (
    <Dialog
      title={t('update.title', { version: newest.version })}
      onClose={acknowledge}
      size="sm"
      className="update-dialog"
      footer={
        <button
          type="button"
          className="button button--primary"
          data-autofocus
          onClick={acknowledge}
        >
          {t('update.acknowledge')}
        </button>
      }
    >
      <p className="update-dialog__meta">
        <strong>{newest.title}</strong>{' '}
        <time dateTime={isoDate(newest.released_at)}>
          {formatDate(newest.released_at, i18n.language)}
        </time>
      </p>
      <ul className="release-notes" aria-label={t('update.notesOf', { version: newest.version })}>
        {newest.notes.map((note, i) => (
          <li key={i}>{note}</li>
        ))}
      </ul>
      {earlier > 0 ? (
        <p className="update-dialog__earlier">{t('update.earlier', { count: earlier })}</p>
      ) : null}
      <p className="update-dialog__history">
        <Link to={paths.history.getHref()} onClick={acknowledge}>
          {t('update.history')}
        </Link>
      </p>
    </Dialog>
  );
}
