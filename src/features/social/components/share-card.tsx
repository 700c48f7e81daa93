import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Share } from '@/api/square';
import { AuthorLink } from '@/components/social/author-link';
import { CoverFallback } from '@/components/ui/cover/cover-fallback';
import { paths } from '@/config/paths';
import { clock } from '@/lib/clock';
import { imageUrl } from '@/lib/image-url';
import { formatCount } from '@/lib/number-format';
import { formatShareTime } from '../model/share-time';

/**
 * How a cover loads: the first row of the first screen is the page's largest paint, so it is
 * fetched at once (`high` for the very first); every other cover waits until it nears the view.
 */
export type CoverPriority = 'high' | 'eager' | 'lazy';

/** Cover box size (3:4); the card's height follows it, so nothing moves when images arrive. */
const COVER_W = 96;
const COVER_H = 128;

/** The page to open for a share: a story's or a world's public view (spec 1 §2). */
export function shareHref(share: Pick<Share, 'kind' | 'share_id'>): string {
  return share.kind === 'story'
    ? paths.story.getHref(share.share_id)
    : paths.universe.getHref(share.share_id);
}

/**
 * A shared story or world on the square and in the feed: cover, kind, title (the link that
 * opens the work, stretched over the card), summary, author (opens their page in a new tab),
 * counts and when it was shared.
 */
export function ShareCard({ share, priority }: { share: Share; priority: CoverPriority }) {
  const { t, i18n } = useTranslation('square');
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  // The card's clock is read once, when it mounts: a relative time does not tick.
  const [now] = useState(() => clock.now());
  const time = formatShareTime(share.shared_at, now, i18n.language);
  const isStory = share.kind === 'story';
  // Words and chapters for a story, entries for a world; then views and supporters.
  const counts: [string, number][] = [
    ...(isStory
      ? ([
          ['words', share.word_count],
          ['chapters', share.chapter_count],
        ] as [string, number][])
      : ([['entries', share.entry_count]] as [string, number][])),
    ['views', share.view_count],
    ['supporters', share.supporter_count],
  ];
  const titleId = `share-${share.kind}-${share.share_id}`;
  return (
    <li className="share-card">
      <article className="share-card__inner" aria-labelledby={titleId}>
        <ShareCover share={share} priority={priority} />
        <div className="share-card__body">
          <p className="share-card__kicker">
            <span>{t(isStory ? 'card.kind.story' : 'card.kind.universe')}</span>
            <time dateTime={time.iso} title={time.full}>
              {t('card.sharedAt', { time: time.text })}
            </time>
          </p>
          <h2 className="share-card__title" id={titleId}>
            <Link className="share-card__link" to={shareHref(share)}>
              {share.title}
            </Link>
          </h2>
          {share.summary ? <p className="share-card__summary">{share.summary}</p> : null}
          <div className="share-card__author">
            <AuthorLink user={share.author} />
          </div>
          {/* Each count is an icon (share-card.css) and its compact number, so all of them fit
              one line of the narrowest card in either language; the full phrase ("5.57k views")
              is its tooltip and what a screen reader reads. */}
          <p className="share-card__meta">
            {counts.map(([key, n]) => {
              const formatted = formatCount(n, lang);
              const label = t(`card.${key}`, { count: n, formatted });
              return (
                <span
                  key={key}
                  className={`share-card__count share-card__count--${key}`}
                  title={label}
                >
                  <span aria-hidden="true">{formatted}</span>
                  <span className="visually-hidden">{label}</span>
                </span>
              );
            })}
          </p>
        </div>
      </article>
    </li>
  );
}

/**
 * The cover in a box of fixed size. A missing or broken cover becomes a tinted panel with the
 * work's first character and its kind's icon, so a grid of mixed cards still looks finished.
 */
export function ShareCover({
  share,
  priority,
}: {
  share: Pick<Share, 'cover' | 'title' | 'kind'>;
  priority: CoverPriority;
}) {
  const src = imageUrl(share.cover);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const broken = !src || failedSrc === src;
  return (
    <div className="share-cover" aria-hidden="true">
      {broken ? (
        <CoverFallback title={share.title} kind={share.kind} />
      ) : (
        <img
          className="share-cover__img"
          src={src}
          alt=""
          width={COVER_W}
          height={COVER_H}
          loading={priority === 'lazy' ? 'lazy' : 'eager'}
          fetchPriority={priority === 'high' ? 'high' : 'auto'}
          decoding={priority === 'lazy' ? 'async' : 'auto'}
          onError={() => setFailedSrc(src)}
        />
      )}
    </div>
  );
}

/** A card-sized placeholder while the first page loads (same box as a card: no layout shift). */
export function ShareCardSkeleton() {
  return (
    <li className="share-card share-card--skeleton">
      <div className="share-card__inner">
        <div className="share-cover" />
        <div className="share-card__body">
          <span className="skeleton-line skeleton-line--short" />
          <span className="skeleton-line skeleton-line--title" />
          <span className="skeleton-line" />
          <span className="skeleton-line skeleton-line--short" />
        </div>
      </div>
    </li>
  );
}
