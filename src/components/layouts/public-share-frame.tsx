import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { openImageViewer } from '@/components/media/open-image-viewer';
import { Icon } from '@/components/ui/icon/icons';
import { paths } from '@/config/paths';
import './public-share-frame.css';

/** The author as either contract names it: a user summary (`_id`) or a story's author (`uid`). */
export interface PublicShareAuthor {
  _id?: string;
  uid?: string;
  name: string;
}

interface PublicShareFrameProps {
  /** What kind of work this is, shown above the title (e.g. "Shared world"). */
  kicker: string;
  title: string;
  cover?: string;
  author?: PublicShareAuthor;
  /** Accessible name of the author link; it opens the profile in a new tab (spec 1 §2). */
  authorLabel?: string;
  /** Buttons for the viewer (copy this world, follow …). */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * The public view of a shared work (spec 1 §2: /universe/{shareid}, and /story/{shareid}
 * as "the same screen"): cover, kicker, title, author and actions, then the work itself.
 * Loading and refusal states are rendered by the caller in place of `children`.
 */
export function PublicShareFrame({
  kicker,
  title,
  cover,
  author,
  authorLabel,
  actions,
  children,
}: PublicShareFrameProps) {
  const { t } = useTranslation();
  const authorId = author?._id ?? author?.uid;
  const coverLabel = t('common:publicShare.viewCover', { title });
  return (
    <article className="public-share">
      <header className="public-share__header">
        {cover ? (
          // The cover opens full size in the image viewer (zoom); focus comes back here.
          <button
            type="button"
            className="public-share__cover-button"
            aria-label={coverLabel}
            title={coverLabel}
            onClick={() =>
              openImageViewer({
                images: [{ src: cover, alt: t('common:publicShare.cover', { title }) }],
              })
            }
          >
            <img className="public-share__cover" src={cover} alt="" />
          </button>
        ) : null}
        <div className="public-share__heading">
          <p className="public-share__kicker">{kicker}</p>
          <h1 className="public-share__title">{title}</h1>
          {authorId ? (
            <Link
              className="public-share__author"
              to={paths.user.getHref(authorId)}
              target="_blank"
              rel="noopener"
              aria-label={authorLabel}
            >
              {author?.name}
            </Link>
          ) : null}
        </div>
        {actions ? <div className="public-share__actions">{actions}</div> : null}
      </header>
      <div className="public-share__body">{children}</div>
    </article>
  );
}

/**
 * A shared work that cannot be shown (private, banned, deleted, no such link): why, and the
 * way on to the square, so a visitor who followed a dead link is not left at a dead end.
 * The same for worlds and stories ("the same screen", spec 1 §2).
 */
export function PublicShareUnavailable({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <section className="empty-state" role="alert">
      <Icon name="warning" size={56} className="empty-state__icon" />
      <h1 className="empty-state__title">{message}</h1>
      <Link className="button" to={paths.dashboard.square.getHref()}>
        {t('common:publicShare.toSquare')}
      </Link>
    </section>
  );
}
