import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@/core/api-error';
import { useGetUserProfileQuery } from '@/api/profile';
import type { UserSummary } from '@/api/social';
import { Avatar } from '@/components/ui/avatar/avatar';
import { subscribeModalLayers } from '@/components/ui/dialog/modal-layer';
import { LoadingIcon } from '@/components/ui/loading-overlay/loading-icon';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/number-format';
import type { CardPlacement } from './hover-card-position';
import { FollowButton } from './follow-button';
import { OfficialBadge } from './official-badge';

/**
 * Whether the browser has the Popover API. jsdom has not (and its UA sheet hides any element
 * with a `popover` attribute that is not shown), so there the card is a plain fixed box.
 */
const POPOVER = typeof HTMLElement !== 'undefined' && 'showPopover' in HTMLElement.prototype;

export interface HoverCardProps {
  /** The id the author link's `aria-controls` points at. */
  id: string;
  user: UserSummary;
  /** Fixed position next to the author link; none renders the card in place (stories). */
  placement: CardPlacement | null;
  /** The follow button has a step under way: the card must stay open until it ends. */
  onPin?: (pinned: boolean) => void;
  /** Bumped to move the focus into the card (its name link); 0: the card leaves the focus be. */
  focusRequest?: number;
}

/**
 * The hover card of a user avatar (spec 1 §2): name, official badge, follow and fans counts,
 * follow button. A non-modal dialog next to its author link, in the link's own subtree, so it
 * is the next stop for Tab once open and stays live inside a modal (a slider's rows).
 *
 * Placed, it is a manual popover shown in the browser's top layer: above every list, and not
 * clipped by a share card's paint containment (`content-visibility`) or a transformed sheet.
 * While a dialog covers it (the app root or its slider gone inert: its unfollow confirmation,
 * the login) it steps out of the top layer and stays where it was, under that dialog.
 */
export default function HoverCard({
  id,
  user,
  placement,
  onPin,
  focusRequest = 0,
}: HoverCardProps) {
  const { t, i18n } = useTranslation('social');
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  const nameId = useId();
  const profile = useGetUserProfileQuery({ uid: user._id });
  const data = profile.data;
  const shown = data?.user ?? user;
  const cardRef = useRef<HTMLDivElement>(null);
  const nameRef = useRef<HTMLAnchorElement>(null);
  /** Placed next to its author (not in the flow, as stories show it): in the top layer. */
  const floating = placement !== null && POPOVER;

  useLayoutEffect(() => {
    const card = cardRef.current;
    if (!floating || !card) return;
    const layer = () => {
      const above = card.isConnected && card.closest('[inert]') === null;
      const inTopLayer = card.matches(':popover-open');
      if (above && !inTopLayer) card.showPopover();
      else if (!above && inTopLayer) card.hidePopover();
    };
    layer();
    const unsubscribe = subscribeModalLayers(layer);
    return () => {
      unsubscribe();
    };
  }, [floating]);

  useEffect(() => {
    if (focusRequest) nameRef.current?.focus({ preventScroll: true });
  }, [focusRequest]);

  return (
    <div
      ref={cardRef}
      id={id}
      role="dialog"
      popover={floating ? 'manual' : undefined}
      aria-labelledby={nameId}
      className={placement ? `hover-card hover-card--${placement.side}` : 'hover-card'}
      style={placement ? { top: placement.top, left: placement.left } : undefined}
    >
      <div className="hover-card__head">
        <Avatar src={shown.avatar} className="hover-card__avatar" />
        <div className="hover-card__who">
          <Link
            ref={nameRef}
            id={nameId}
            className="hover-card__name"
            to={paths.user.getHref(user._id)}
            target="_blank"
            rel="noopener"
          >
            {shown.name}
          </Link>
          {shown.is_official ? <OfficialBadge /> : null}
        </div>
      </div>
      {data ? (
        <>
          <dl className="hover-card__counts">
            <div>
              <dt>{t('user.following')}</dt>
              <dd>{formatCount(data.following_count, lang)}</dd>
            </div>
            <div>
              <dt>{t('user.fans')}</dt>
              <dd>{formatCount(data.follower_count, lang)}</dd>
            </div>
          </dl>
          <FollowButton user={shown} relation={data.following} size="sm" onActiveChange={onPin} />
        </>
      ) : profile.isError ? (
        isApiError(profile.error) && profile.error.code === 40407 ? (
          <p className="hover-card__note" role="status">
            {t('user.missing')}
          </p>
        ) : (
          <p className="hover-card__note" role="status">
            {t('user.cardFailed')}{' '}
            <button
              type="button"
              className="hover-card__retry"
              onClick={() => void profile.refetch()}
            >
              {t('common:actions.retry')}
            </button>
          </p>
        )
      ) : (
        <div className="hover-card__loading">
          <LoadingIcon />
        </div>
      )}
    </div>
  );
}
