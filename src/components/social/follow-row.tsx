import {
  memo,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import { flushSync } from 'react-dom';
import type { TFunction } from 'i18next';
import type { FollowUser } from '@/api/social';
import { paths } from '@/config/paths';
import { avatarUrl } from '@/lib/image-url';
import { formatCount } from '@/lib/number-format';
import { AuthorLink } from './author-link';
import { FollowButton } from './follow-button';
import { followLabelKey, followState } from './follow-machine';
import { followButtonHidden } from './own-avatar';

/**
 * What woke a row up, replayed on its live parts once they are mounted: the pointer resting on
 * the author (the hover card's timer), a finger pressing it (the long-press), focus on the link
 * or the follow button, a click on the follow button.
 */
export interface RowIntent {
  kind: 'hover' | 'press' | 'focus' | 'click';
  part: 'link' | 'follow';
  x: number;
  y: number;
}

/**
 * A fans/following row. A wheel step brings a screenful of rows into the window, so a row
 * mounts plain elements that look and read exactly like the live ones: the author link
 * (avatar, name, badge; same link, same name) and a follow button showing the state from the
 * row's relation, with the same name and role. The live parts (the author link with its hover
 * card, the follow button with its machine and mutations) are mounted when the row is first
 * used — the list's one set of delegated handlers (`useRowWaking`) sees the pointer come onto
 * the author, a finger press it, focus enter the row or a click on the follow button — and what
 * woke it is replayed on them, so the hover card still shows, focus stays and the click is
 * not lost. Memoised: rows that stay in the window do not render again when it moves.
 */
export const FollowRow = memo(function FollowRow({
  row,
  top,
  position,
  setSize,
  t,
  lang,
  root,
  viewerUid,
  live,
  takeIntent,
}: {
  row: FollowUser;
  top: number;
  position: number;
  setSize: number;
  t: TFunction<'social'>;
  lang: 'zh' | 'en';
  /** The app's root href (the router's base path), for the plain link. */
  root: string;
  viewerUid: string | null;
  live: boolean;
  takeIntent: (uid: string) => RowIntent | undefined;
}) {
  const [fans, setFans] = useState(row.follower_count);
  const ref = useRef<HTMLLIElement>(null);
  const uid = row.user._id;
  const own = followButtonHidden(viewerUid, uid);

  useLayoutEffect(() => {
    if (!live) return;
    const intent = takeIntent(uid);
    if (intent && ref.current) return replayIntent(ref.current, intent);
  }, [live, uid, takeIntent]);

  const state = followState(row.following);
  const label = t(followLabelKey(state));
  return (
    <li
      ref={ref}
      className="follow-row"
      style={{ top }}
      aria-posinset={position}
      aria-setsize={setSize}
      data-row={position}
      data-uid={own || live ? undefined : uid}
    >
      <div className="follow-row__who">
        {live ? (
          <AuthorLink user={row.user} />
        ) : (
          <span className="author-link author-link--md">
            <a
              className="author-link__link"
              href={root.replace(/\/$/, '') + paths.user.getHref(uid)}
              target="_blank"
              rel="noopener"
              aria-expanded={own ? undefined : false}
            >
              <img
                className="avatar author-link__avatar"
                src={avatarUrl(row.user.avatar)}
                alt=""
                width={30}
                height={30}
                decoding="async"
                data-placeholder={row.user.avatar?.trim() ? undefined : ''}
              />
              <span className="author-link__name">{row.user.name}</span>
              {row.user.is_official ? (
                <span className="official-badge">{t('common:author.official')}</span>
              ) : null}
            </a>
          </span>
        )}
        <span className="follow-row__fans">
          {t('slider.fanCount', { count: fans, formatted: formatCount(fans, lang) })}
        </span>
      </div>
      {own ? null : live ? (
        <FollowButton
          user={row.user}
          relation={row.following}
          size="sm"
          onChange={(result) => setFans(result.follower_count)}
        />
      ) : (
        <button
          type="button"
          className={[
            'button',
            'follow-button',
            'follow-button--sm',
            state === 'none' || state === 'followedBy' ? 'button--primary' : 'follow-button--on',
          ].join(' ')}
          data-state={state}
          aria-label={t('follow.buttonLabel', { action: label, name: row.user.name })}
        >
          {label}
        </button>
      )}
    </li>
  );
});

/** Replays what woke a row on its live parts; returns a clean-up for a press still under way. */
export function replayIntent(li: HTMLElement, intent: RowIntent): (() => void) | undefined {
  const part = li.querySelector<HTMLElement>(
    intent.part === 'follow' ? '.follow-button' : '.author-link__link',
  );
  if (!part) return;
  if (intent.kind === 'focus' || intent.kind === 'click') {
    part.focus({ preventScroll: true });
    if (intent.kind === 'click') part.click();
    return;
  }
  if (typeof window.PointerEvent !== 'function') return;
  // The pointer is replayed once the live parts' effects have settled (their timers are
  // cleared when effects are set up again, as React's development checks do).
  let stop: (() => void) | null = null;
  let cancelled = false;
  queueMicrotask(() => {
    if (!cancelled && part.isConnected) stop = replayPointer(part, intent);
  });
  return () => {
    cancelled = true;
    stop?.();
  };
}

function replayPointer(part: HTMLElement, intent: RowIntent): (() => void) | null {
  // The element now under the pointer (the avatar or the name), or the link itself.
  const hit = document.elementFromPoint?.(intent.x, intent.y);
  const target = hit && part.contains(hit) ? hit : part;
  const init = {
    bubbles: true,
    cancelable: true,
    clientX: intent.x,
    clientY: intent.y,
    pointerType: intent.kind === 'hover' ? 'mouse' : 'touch',
  };
  if (intent.kind === 'hover') {
    // Coming from nowhere: the link's enter handler starts the hover card's timer.
    target.dispatchEvent(new PointerEvent('pointerover', init));
    return null;
  }
  // A finger is down on the link: start its long-press, and end it with the finger (the
  // press's own events went to the plain link, which is gone).
  target.dispatchEvent(new PointerEvent('pointerdown', init));
  const end = (e: globalThis.PointerEvent) => {
    stop();
    if (!part.contains(e.target as Node | null)) part.dispatchEvent(new PointerEvent(e.type, init));
  };
  const stop = () => {
    document.removeEventListener('pointerup', end, true);
    document.removeEventListener('pointercancel', end, true);
  };
  document.addEventListener('pointerup', end, true);
  document.addEventListener('pointercancel', end, true);
  return stop;
}

/**
 * The list's delegated handlers that wake rows (see `FollowRow`): one set on the list instead
 * of handlers on every row. `live` is the set of woken rows' uids; a woken row is rendered at
 * once (flushSync) so the events that follow reach its live parts.
 */
export function useRowWaking() {
  const [live, setLive] = useState<ReadonlySet<string>>(() => new Set());
  const intents = useRef(new Map<string, RowIntent>());
  const pressing = useRef(false);
  const [takeIntent] = useState(() => (uid: string) => {
    const intent = intents.current.get(uid);
    intents.current.delete(uid);
    return intent;
  });

  function wake(target: EventTarget, kind: RowIntent['kind'], x = 0, y = 0) {
    const el = target as Element;
    const li = el.closest?.('li[data-uid]');
    if (!li) return;
    const part = el.closest('.follow-button')
      ? 'follow'
      : el.closest('.author-link')
        ? 'link'
        : null;
    if (!part) return;
    // The follow button wakes on a click (or keyboard focus); the author on the pointer.
    if (part === 'follow' && (kind === 'hover' || kind === 'press')) return;
    if (part === 'link' && kind === 'click') return;
    const uid = li.getAttribute('data-uid')!;
    intents.current.set(uid, { kind, part, x, y });
    flushSync(() => setLive((prev) => new Set(prev).add(uid)));
  }

  const handlers = {
    onPointerOver(e: PointerEvent) {
      if (e.pointerType !== 'touch') wake(e.target, 'hover', e.clientX, e.clientY);
    },
    onPointerDown(e: PointerEvent) {
      pressing.current = true;
      if (e.pointerType === 'touch') wake(e.target, 'press', e.clientX, e.clientY);
    },
    onPointerUp() {
      pressing.current = false;
    },
    onPointerCancel() {
      pressing.current = false;
    },
    onFocus(e: FocusEvent) {
      // A press focuses the button it is on: its click wakes the row, not the focus.
      if (pressing.current && (e.target as Element).closest?.('.follow-button')) return;
      wake(e.target, 'focus');
    },
    onClick(e: MouseEvent) {
      pressing.current = false;
      wake(e.target, 'click');
    },
  };
  return { live, takeIntent, handlers };
}
