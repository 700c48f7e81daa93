import {
  memo,
  useCallback,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage, InteractiveType } from '@/api/exploration';
import { ListError } from '@/components/ui/list-state/list-state';
import { LoadingIcon } from '@/components/ui/loading-overlay/loading-icon';
import {
  STICK_PX,
  keepAnchor,
  layout,
  rowAt,
  visibleRange,
  wantsOlder,
} from '../model/message-window';
import { MessageRow, type MessageActions } from './message-row';

/** Used for the window when the list has no size yet (jsdom, a hidden tab). */
const FALLBACK_VIEWPORT = 800;

export interface MessageListProps {
  /** Stable (memoised by the screen): every row takes it. */
  actions: MessageActions;
  messages: readonly ChatMessage[];
  display: InteractiveType;
  hasOlder: boolean;
  loadingOlder: boolean;
  olderFailed: boolean;
  onLoadOlder: () => void;
  /** The turn under way and its failure, below the last message. */
  tail: ReactNode;
  /** Whose messages may be recalled, edited and branched from (none while a turn runs). */
  busy: boolean;
  /** The player's message left without a reply, which offers a retry. */
  awaitingId: string | null;
}

/**
 * The chat's messages, virtualised (model/message-window.ts): only the rows meeting the
 * viewport (plus an overscan, at most MAX_ROWS) are in the DOM between two spacers, each
 * measured once rendered. The list opens at the latest message and follows new ones while the
 * reader is at the bottom; scrolling up asks for older pages, put above without moving what
 * the reader sees. A feed (role=feed): each message is an article reachable with Tab, and the
 * arrow keys move between them.
 */
export function MessageList({
  messages,
  display,
  hasOlder,
  loadingOlder,
  olderFailed,
  onLoadOlder,
  tail,
  busy,
  awaitingId,
  actions,
}: MessageListProps) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const heights = useRef(new Map<string, number>());
  const [measures, remeasured] = useReducer((n: number) => n + 1, 0);
  const [view, setView] = useState({ top: 0, height: 0 });
  /** Following the latest message (the list starts at the bottom). */
  const stuck = useRef(true);
  /** The reader scrolled up away from the latest message: "jump to latest" is offered. */
  const [away, setAway] = useState(false);
  /** Where the list scrolled itself last: its own scroll events say nothing of the reader. */
  const placed = useRef(-1);
  const place = (el: HTMLDivElement, top: number) => {
    el.scrollTop = top;
    placed.current = el.scrollTop;
  };
  /** The first visible row and where it was on screen, to keep it there. */
  const anchor = useRef<{ id: string; offset: number; scrollTop: number } | null>(null);

  const ids = useMemo(() => messages.map((m) => m.id), [messages]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `measures` signals new heights
  const lay = useMemo(() => layout(ids, heights.current), [ids, measures]);
  const range = visibleRange(lay, view.top, view.height || FALLBACK_VIEWPORT);

  const noteAnchor = useCallback(
    (el: HTMLDivElement) => {
      const at = rowAt(lay.offsets, el.scrollTop);
      const id = ids[at];
      anchor.current = id ? { id, offset: lay.offsets[at]!, scrollTop: el.scrollTop } : null;
    },
    [ids, lay],
  );

  /**
   * Reads the heights of the rows in the DOM, in the same layout pass that placed them. Rows
   * are laid out with an estimate until measured; placing the list from estimates that the DOM
   * contradicts moves the window onto other unmeasured rows, whose real heights move it back:
   * measured only later (a ResizeObserver), the two windows alternated within one commit until
   * React gave up (maximum update depth). True when a height changed, so the caller lays out
   * again before placing anything.
   */
  const measureRendered = (el: HTMLDivElement) => {
    let changed = false;
    for (const row of el.querySelectorAll<HTMLElement>('[data-message-id]')) {
      const id = row.dataset.messageId!;
      const height = row.getBoundingClientRect().height;
      if (height > 0 && heights.current.get(id) !== height) {
        heights.current.set(id, height);
        changed = true;
      }
    }
    return changed;
  };

  // After every layout change: follow the bottom, or keep the anchored row where it was.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    // Unmeasured rows in the DOM: lay out again with their heights first (each row is
    // measured once, so this ends), then place the list from a layout the DOM agrees with.
    if (measureRendered(el)) {
      remeasured();
      return;
    }
    if (stuck.current) {
      place(el, el.scrollHeight);
    } else if (anchor.current) {
      const at = ids.indexOf(anchor.current.id);
      if (at >= 0) {
        const next = keepAnchor(anchor.current, lay.offsets[at]!);
        if (Math.abs(next - el.scrollTop) >= 1) place(el, next);
      }
    }
    noteAnchor(el);
    if (el.scrollTop !== view.top || el.clientHeight !== view.height)
      setView({ top: el.scrollTop, height: el.clientHeight });
  }, [lay, ids, noteAnchor, view.top, view.height]);

  // The reply growing below the last message, or the list's own height changing: the list
  // keeps following the latest message at the bottom.
  const tailBox = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = scroller.current;
    const box = tailBox.current;
    if (!el || !box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (!stuck.current) return;
      el.scrollTop = el.scrollHeight;
      placed.current = el.scrollTop;
    });
    observer.observe(box);
    // The list itself shrinking (goals, choices or a notice shown below or above it) too.
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    // Rows measured after the list placed itself fire a scroll event of its own: only the
    // reader's scrolling decides whether the list follows the latest message.
    if (Math.abs(el.scrollTop - placed.current) >= 1) {
      stuck.current = el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_PX;
      setAway(!stuck.current);
    }
    noteAnchor(el);
    setView({ top: el.scrollTop, height: el.clientHeight });
    if (hasOlder && !loadingOlder && !olderFailed && wantsOlder(el.scrollTop)) onLoadOlder();
  };

  // A short first page leaves the list without a scroll: fill it with older pages.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !hasOlder || loadingOlder || olderFailed) return;
    // No layout (a hidden tab, jsdom): nothing to fill.
    if (el.clientHeight === 0) return;
    if (el.scrollHeight <= el.clientHeight + 1 || wantsOlder(el.scrollTop)) onLoadOlder();
  }, [hasOlder, loadingOlder, olderFailed, onLoadOlder, ids]);

  const measure = useCallback((id: string, height: number) => {
    if (height <= 0 || heights.current.get(id) === height) return;
    heights.current.set(id, height);
    remeasured();
  }, []);

  /** Back to the latest message, following it again; the keyboard stays in the list. */
  const toLatest = () => {
    const el = scroller.current;
    if (!el) return;
    stuck.current = true;
    setAway(false);
    place(el, el.scrollHeight);
    // The button goes with the jump: the keyboard moves to the list it scrolled.
    el.focus({ preventScroll: true });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const article = (event.target as HTMLElement).closest('article');
    if (!article || event.target !== article) return;
    const sibling =
      event.key === 'ArrowDown' ? article.nextElementSibling : article.previousElementSibling;
    if (sibling instanceof HTMLElement && sibling.tagName === 'ARTICLE') {
      event.preventDefault();
      sibling.focus();
    }
  };

  const rows: ReactNode[] = [];
  for (let i = range.start; i < range.end; i++) {
    const message = messages[i]!;
    rows.push(
      <MeasuredRow
        key={message.id}
        message={message}
        position={i + 1}
        setSize={hasOlder ? -1 : messages.length}
        display={display}
        busy={busy}
        awaiting={message.id === awaitingId}
        measure={measure}
        actions={actions}
      />,
    );
  }

  return (
    <div
      ref={scroller}
      className={`chat-log chat-log--${display}`}
      onScroll={onScroll}
      onKeyDown={onKeyDown}
      role="region"
      aria-label={t('exploration:messages.label')}
      tabIndex={0}
      data-testid="chat-log"
    >
      {olderFailed ? (
        <ListError onRetry={onLoadOlder} message={t('exploration:messages.olderFailed')} />
      ) : loadingOlder ? (
        <div className="chat-log__older" role="status">
          <LoadingIcon />
          <span className="visually-hidden">{t('exploration:messages.loadingOlder')}</span>
        </div>
      ) : !hasOlder && messages.length > 0 ? (
        <p className="chat-log__start">{t('exploration:messages.start')}</p>
      ) : null}
      {messages.length > 0 ? (
        <div role="feed" aria-busy={loadingOlder}>
          <div style={{ height: lay.offsets[range.start] ?? 0 }} aria-hidden="true" />
          {rows}
          <div
            style={{ height: lay.total - (lay.offsets[range.end] ?? lay.total) }}
            aria-hidden="true"
          />
        </div>
      ) : null}
      <div ref={tailBox}>{tail}</div>
      {away && messages.length > 0 ? (
        <div className="chat-log__latest">
          <button type="button" className="button" onClick={toLatest}>
            <span aria-hidden="true">↓ </span>
            {t('exploration:messages.toLatest')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

const MeasuredRow = memo(function MeasuredRow({
  message,
  position,
  setSize,
  display,
  busy,
  awaiting,
  measure,
  actions,
}: {
  message: ChatMessage;
  position: number;
  setSize: number;
  display: InteractiveType;
  busy: boolean;
  awaiting: boolean;
  measure: (id: string, height: number) => void;
  actions: MessageActions;
}) {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof ResizeObserver === 'undefined') {
      measure(message.id, el.offsetHeight);
      return;
    }
    // The list measures a row in the pass that mounts it (measureRendered); the observer
    // follows its later changes (an edit, a font arriving, a width change), read the same
    // way as the list reads it, so the two never disagree by a rounding.
    const observer = new ResizeObserver(() => {
      measure(message.id, el.getBoundingClientRect().height);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [message.id, measure]);
  return (
    <MessageRow
      ref={ref}
      message={message}
      position={position}
      setSize={setSize}
      display={display}
      busy={busy}
      awaiting={awaiting}
      {...actions}
    />
  );
});
