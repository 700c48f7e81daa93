import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type MouseEvent,
} from 'react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserSummary } from '@/api/social';
import { Avatar } from '@/components/ui/avatar/avatar';
import { paths } from '@/config/paths';
import { clock, type TimerId } from '@/lib/clock';
import { withNamespaces } from '@/lib/i18n';
import { selectUid } from '@/core/session-slice';
import { followButtonHidden } from './own-avatar';
import { placeCard, type CardPlacement } from './hover-card-position';
import { OfficialBadge } from './official-badge';
import './social.css';

/**
 * The hover card's body is its own chunk, loaded (with the `social` strings) on the first
 * pointer-enter, long-press or card key, so a list of authors costs the first screen only this
 * file.
 */
const loadHoverCard = withNamespaces(['social'], () => import('./hover-card'));
const HoverCard = lazy(loadHoverCard);

/** Hover: shown after the pointer rests this long, hidden this long after it leaves. */
export const HOVER_SHOW_DELAY_MS = 300;
export const HOVER_HIDE_DELAY_MS = 200;
/** Touch: a press this long shows the card (and the click that follows does not navigate). */
export const LONG_PRESS_MS = 500;
/** Keyboard: this key on the focused link opens the card and moves the focus into it. */
export const CARD_KEY = 'ArrowDown';

export type AuthorLinkSize = 'sm' | 'md' | 'lg';

export interface AuthorLinkProps {
  user: UserSummary;
  size?: AuthorLinkSize;
  /** Show the name beside the avatar (default); without it the link is named by `aria-label`. */
  showName?: boolean;
  className?: string;
}

/**
 * A user's avatar and name (spec 1 §2): a link that opens /user/{uid} in a new tab, the
 * official badge, and the hover card (name, badge, counts, follow button) on hover and on a
 * long-press — except on one's own avatar (spec 1 §6). On touch, a tap on the avatar toggles
 * the card and a tap on the name follows the link. Keyboard focus does not open the card (Tab
 * goes from author to author through a list, Enter follows the link); ↓ on the focused link
 * opens it with the focus inside, Esc closes it and gives the focus back to the link.
 */
export function AuthorLink({ user, size = 'md', showName = true, className }: AuthorLinkProps) {
  const { t } = useTranslation();
  const viewerUid = useSelector(selectUid);
  const withCard = !followButtonHidden(viewerUid, user._id);
  const [open, setOpen] = useState(false);
  const [placement, setPlacement] = useState<CardPlacement | null>(null);
  const rootRef = useRef<HTMLSpanElement>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const timer = useRef<TimerId | null>(null);
  const pressTimer = useRef<TimerId | null>(null);
  /** The last pointer to go down was a finger (its click toggles instead of navigating). */
  const touch = useRef(false);
  /** A long-press just opened the card: the click that ends it must not navigate. */
  const pressed = useRef(false);
  /** Asks the open card to take the focus (its name link): bumped by the card key, 0 otherwise. */
  const [focusRequest, setFocusRequest] = useState(0);
  /** The card's follow button has a step under way (its dialog is open): keep the card. */
  const pinned = useRef(false);
  const cardId = useId();
  const hintId = `${cardId}-keys`;

  const clearTimer = () => {
    if (timer.current) clock.clearTimeout(timer.current);
    timer.current = null;
  };
  const clearPress = () => {
    if (pressTimer.current) clock.clearTimeout(pressTimer.current);
    pressTimer.current = null;
  };
  const place = useCallback(() => {
    const anchor = linkRef.current;
    if (anchor) {
      setPlacement(
        placeCard(anchor.getBoundingClientRect(), {
          width: window.innerWidth,
          height: window.innerHeight,
        }),
      );
    }
  }, []);
  const show = useCallback(() => {
    clearTimer();
    void loadHoverCard().catch(() => undefined);
    place();
    setOpen(true);
  }, [place]);
  /** The card key: the card opens (or stays) and its name link takes the focus. */
  const showWithFocus = useCallback(() => {
    if (!open) show();
    else clearTimer();
    setFocusRequest((n) => n + 1);
  }, [open, show]);
  const hide = useCallback(() => {
    clearTimer();
    if (pinned.current) return;
    // Focus in the card (its follow button, given back by the unfollow confirmation) would fall
    // to <body> with it: it goes back to the author link.
    const card = rootRef.current?.querySelector('.hover-card');
    if (card?.contains(document.activeElement)) linkRef.current?.focus({ preventScroll: true });
    setFocusRequest(0);
    setOpen(false);
  }, []);
  const pin = useCallback((on: boolean) => {
    pinned.current = on;
  }, []);
  const later = (fn: () => void, ms: number) => {
    clearTimer();
    timer.current = clock.setTimeout(fn, ms);
  };

  useEffect(
    () => () => {
      clearTimer();
      clearPress();
    },
    [],
  );

  // The card is fixed to the viewport: it follows its author through scrolling and resizing.
  useLayoutEffect(() => {
    if (!open) return;
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, [open, place]);

  // A tap elsewhere closes a card opened by touch.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: globalThis.PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) hide();
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open, hide]);

  const href = paths.user.getHref(user._id);
  const sizeClass = `author-link--${size}`;
  const official = user.is_official ? <OfficialBadge /> : null;
  const label = showName ? undefined : t('common:author.openProfile', { name: user.name });

  if (!withCard) {
    return (
      <span className={['author-link', sizeClass, className].filter(Boolean).join(' ')}>
        <Link
          className="author-link__link"
          to={href}
          target="_blank"
          rel="noopener"
          aria-label={label}
        >
          <Avatar src={user.avatar} className="author-link__avatar" />
          {showName ? <span className="author-link__name">{user.name}</span> : null}
          {official}
        </Link>
      </span>
    );
  }

  const onPointerEnter = (e: PointerEvent) => {
    if (e.pointerType === 'touch') return;
    void loadHoverCard().catch(() => undefined);
    if (open) clearTimer();
    else later(show, HOVER_SHOW_DELAY_MS);
  };
  const onPointerLeave = (e: PointerEvent) => {
    if (e.pointerType === 'touch') return;
    if (open) later(hide, HOVER_HIDE_DELAY_MS);
    else clearTimer();
  };
  const onPointerDown = (e: PointerEvent) => {
    touch.current = e.pointerType === 'touch';
    pressed.current = false;
    if (!touch.current) return;
    void loadHoverCard().catch(() => undefined);
    clearPress();
    pressTimer.current = clock.setTimeout(() => {
      pressed.current = true;
      show();
    }, LONG_PRESS_MS);
  };
  const onLinkClick = (e: MouseEvent) => {
    clearPress();
    const onAvatar = (e.target as Element).closest('.author-link__avatar') !== null;
    if (pressed.current) {
      e.preventDefault();
      pressed.current = false;
    } else if (touch.current && onAvatar) {
      // A tap on the avatar shows or hides the card; the name still opens the profile.
      e.preventDefault();
      if (open) hide();
      else show();
    }
    touch.current = false;
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open && !pinned.current) {
      e.stopPropagation();
      hide();
      linkRef.current?.focus({ preventScroll: true });
    } else if (
      e.key === CARD_KEY &&
      e.target === linkRef.current &&
      !e.altKey &&
      !e.ctrlKey &&
      !e.metaKey &&
      !e.shiftKey
    ) {
      // The keyboard's way to the card (focus alone never opens it): not the page's scroll.
      e.preventDefault();
      showWithFocus();
    }
  };

  return (
    <span
      ref={rootRef}
      className={['author-link', sizeClass, className].filter(Boolean).join(' ')}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onKeyDown={onKeyDown}
      onFocus={() => {
        // Focus never opens the card, so Tab goes from author to author through a list; focus
        // coming into an open card (or back to its link) keeps it past the pointer leaving.
        if (open) clearTimer();
      }}
      onBlur={(e) => {
        if (!rootRef.current?.contains(e.relatedTarget as Node | null)) hide();
      }}
    >
      <Link
        ref={linkRef}
        className="author-link__link"
        to={href}
        target="_blank"
        rel="noopener"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? cardId : undefined}
        aria-keyshortcuts={CARD_KEY}
        aria-describedby={hintId}
        onPointerDown={onPointerDown}
        onPointerUp={clearPress}
        onPointerCancel={clearPress}
        onClick={onLinkClick}
        onContextMenu={(e) => {
          // A long-press opens the card, not the browser's link menu.
          if (pressed.current) e.preventDefault();
        }}
      >
        <Avatar src={user.avatar} className="author-link__avatar" />
        {showName ? <span className="author-link__name">{user.name}</span> : null}
        {official}
      </Link>
      <span id={hintId} hidden>
        {t('common:author.cardKeys')}
      </span>
      {open ? (
        <Suspense fallback={null}>
          <HoverCard
            id={cardId}
            user={user}
            placement={placement}
            onPin={pin}
            focusRequest={focusRequest}
          />
        </Suspense>
      ) : null}
    </span>
  );
}
