import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import type { UserSummary } from '@/api/social';
import { openImageViewer } from '@/components/media/open-image-viewer';
import { AuthorFollowButton } from '@/components/social/author-follow-button';
import { AuthorLink } from '@/components/social/author-link';
import { SupportersSlot } from '@/components/social/supporters-slot';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { Icon } from '@/components/ui/icon/icons';
import { paths } from '@/config/paths';
import { imageUrl } from '@/lib/image-url';
import { selectUid } from '@/core/session-slice';
import './public-share-frame.css';

/** The shared work the page shows: what the report and the supporters are about. */
export interface PublicShareWork {
  kind: 'story' | 'universe';
  shareId: string;
  /** Users who supported (tipped) it, when the page's data has the number. */
  supporterCount?: number;
}

interface PublicShareFrameProps {
  /** What kind of work this is, shown above the title (e.g. "Shared world"). */
  kicker: string;
  title: string;
  cover?: string;
  work: PublicShareWork;
  author: UserSummary;
  /** Buttons for the viewer besides follow and report (copy this world …). */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * The public view of a shared work (spec 1 §2: /universe/{shareid}, and /story/{shareid}
 * as "the same screen"): cover, kicker, title, the author (avatar and name opening their page
 * in a new tab, with the hover card) and the follow button, actions and report, then the work
 * itself and its supporters. Loading and refusal states are rendered by the caller in place
 * of `children`. The author sees no follow or report button on their own work (spec 1 §6).
 */
export function PublicShareFrame({
  kicker,
  title,
  cover,
  work,
  author,
  actions,
  children,
}: PublicShareFrameProps) {
  const { t } = useTranslation();
  const mine = useSelector(selectUid) === author._id;
  const coverLabel = t('common:publicShare.viewCover', { title });
  // Images from the one image host are routed through the proxy path (spec 1 §3), as on cards.
  const coverSrc = imageUrl(cover);
  return (
    <article className="public-share">
      <header className="public-share__header">
        {coverSrc ? (
          // The cover opens full size in the image viewer (zoom); focus comes back here.
          <button
            type="button"
            className="public-share__cover-button"
            aria-label={coverLabel}
            title={coverLabel}
            onClick={() =>
              openImageViewer({
                images: [{ src: coverSrc, alt: t('common:publicShare.cover', { title }) }],
              })
            }
          >
            <img className="public-share__cover" src={coverSrc} alt="" />
          </button>
        ) : null}
        <div className="public-share__heading">
          <p className="public-share__kicker">{kicker}</p>
          <h1 className="public-share__title">{title}</h1>
          <div className="public-share__author">
            <AuthorLink user={author} />
            <AuthorFollowButton user={author} place="publicPage" />
          </div>
        </div>
        <div className="public-share__actions">
          {actions}
          {mine ? null : (
            <button
              type="button"
              className="button"
              aria-label={t('social:share.reportLabel', { title })}
              onClick={() =>
                openDialog('report', { target: { kind: work.kind, id: work.shareId, title } })
              }
            >
              {t('social:share.report')}
            </button>
          )}
        </div>
      </header>
      <div className="public-share__body">
        {children}
        <SupportersSlot
          kind={work.kind}
          shareId={work.shareId}
          count={work.supporterCount}
          title={title}
          author={author}
        />
      </div>
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
