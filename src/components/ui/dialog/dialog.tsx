import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { DialogCloseContext, type DialogCloseScope, type UnsavedPart } from './dialog-close';
import { enterModalLayer, isTopModalLayer } from './modal-layer';
import { useUnloadPrompt } from '@/lib/use-leave-guard';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** Where a person types: what "继续编辑" gives the focus back to. */
const TEXT_FIELD =
  'textarea:not([disabled]), input:not([disabled]):not([type="hidden"]):not([type="radio"]):not([type="checkbox"]):not([type="file"]):not([type="button"]):not([type="submit"]):not([type="reset"]), [contenteditable="true"]';

export interface DialogProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** False for dialogs that block use until acted on (ban, forced bind-phone). */
  dismissible?: boolean;
  /** Background clicks are ignored when false (e.g. the cropper while cropping). */
  closeOnBackdrop?: boolean;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  variant?: 'dialog' | 'slider';
  className?: string;
  /**
   * The dialog holds unsaved text: Esc, the close button, a background click and a cancel
   * button inside it (`DialogCancel`, `useDialogClose`) ask first — 继续编辑 (focused) or
   * 放弃. A part of the content can say the same with `useUnsavedInDialog`.
   */
  dirty?: boolean;
  /** Runs when the person chooses 放弃, before `onClose`: the form drops its kept copy. */
  onDiscard?: () => void;
}

let openCount = 0;

/**
 * Where each closed dialog gave the focus back. A dialog opened from inside another one that
 * has closed since (the pay dialog's QR, opened from the pay dialog) gives it where that one
 * did, instead of to an element that is gone (which left it on the page body).
 */
const gaveFocusTo = new WeakMap<Element, HTMLElement | null>();

/**
 * Accessible modal: makes the rest of the page inert, traps Tab inside, closes on Esc,
 * returns focus to what had it, and locks page scroll while open. Sliders share the
 * behaviour with another look. Holding unsaved text (`dirty`, or a part's
 * `useUnsavedInDialog`), every way out by the person asks first.
 */
export function Dialog({
  title,
  onClose,
  children,
  dismissible = true,
  closeOnBackdrop = true,
  footer,
  size = 'md',
  variant = 'dialog',
  className,
  dirty = false,
  onDiscard,
}: DialogProps) {
  const { t } = useTranslation();
  const backdropRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const dismissibleRef = useRef(dismissible);
  dismissibleRef.current = dismissible;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const onDiscardRef = useRef(onDiscard);
  onDiscardRef.current = onDiscard;
  /** Parts of the content that reported unsaved text (`useUnsavedInDialog`). */
  const parts = useRef(new Map<object, UnsavedPart>());
  const [asking, setAsking] = useState(false);
  /** The text field that last had the focus: 继续编辑 returns there. */
  const lastField = useRef<HTMLElement | null>(null);
  const backToField = useRef(false);

  const unsavedNow = useCallback(
    () => dirtyRef.current || [...parts.current.values()].some((p) => p.dirty),
    [],
  );
  // Closing or reloading the tab with unsaved text here gets the browser's prompt.
  useUnloadPrompt(unsavedNow);

  // One close for every way out; `scope` is stable, so reading refs keeps it current.
  const scope = useMemo<DialogCloseScope>(
    () => ({
      requestClose() {
        if (!dismissibleRef.current) return;
        if (unsavedNow()) setAsking(true);
        else onCloseRef.current();
      },
      report(part, state) {
        if (state) parts.current.set(part, state);
        else parts.current.delete(part);
      },
    }),
    [unsavedNow],
  );
  const requestClose = scope.requestClose;

  function keepEditing() {
    backToField.current = true;
    setAsking(false);
  }

  function discard() {
    onDiscardRef.current?.();
    for (const part of parts.current.values()) if (part.dirty) part.discard?.();
    setAsking(false);
    onCloseRef.current();
  }

  // After the ask is gone (its own cleanup gave focus back to what had it), the person goes
  // on where they were typing, or at the first field.
  useEffect(() => {
    if (asking || !backToField.current) return;
    backToField.current = false;
    const panel = panelRef.current;
    const field =
      lastField.current && panel?.contains(lastField.current)
        ? lastField.current
        : panel?.querySelector<HTMLElement>(TEXT_FIELD);
    field?.focus();
  }, [asking]);

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const openedFrom = previouslyFocused?.closest('[role="dialog"]') ?? null;
    const leaveModalLayer = backdropRef.current ? enterModalLayer(backdropRef.current) : null;
    const panel = panelRef.current;
    const first =
      panel?.querySelector<HTMLElement>('[data-autofocus]') ??
      panel?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel)?.focus();
    openCount += 1;
    document.body.classList.add('scroll-locked');
    return () => {
      openCount -= 1;
      if (openCount === 0) document.body.classList.remove('scroll-locked');
      // The opener is focusable again only once the page behind is no longer inert.
      leaveModalLayer?.();
      const target =
        previouslyFocused && document.contains(previouslyFocused)
          ? previouslyFocused
          : openedFrom
            ? (gaveFocusTo.get(openedFrom) ?? null)
            : null;
      if (panel) gaveFocusTo.set(panel, target);
      // Only the focus this dialog held (gone with it, so on the body now): a dialog that
      // closes under a newer one leaves that one its focus.
      const active = document.activeElement;
      const held = !active || active === document.body || !!panel?.contains(active);
      if (held && target && document.contains(target)) target.focus();
    };
  }, []);

  // Focus can fall to <body> while a dialog is open (the focused button got disabled, say a
  // code's send button turning into its countdown); the page behind is inert, so nothing else
  // takes it, and Esc must still close the newest dialog.
  useEffect(() => {
    function onDocumentKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (event.target !== document.body && event.target !== document.documentElement) return;
      const backdrop = backdropRef.current;
      if (backdrop && isTopModalLayer(backdrop)) scope.requestClose();
    }
    document.addEventListener('keydown', onDocumentKeyDown);
    return () => document.removeEventListener('keydown', onDocumentKeyDown);
  }, [scope]);

  function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      requestClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (el) =>
        el.offsetParent !== null ||
        el === document.activeElement ||
        el.getClientRects().length > 0 ||
        isJsdom(),
    );
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const firstItem = items[0]!;
    const lastItem = items[items.length - 1]!;
    if (
      event.shiftKey &&
      (document.activeElement === firstItem || document.activeElement === panelRef.current)
    ) {
      event.preventDefault();
      lastItem.focus();
    } else if (!event.shiftKey && document.activeElement === lastItem) {
      event.preventDefault();
      firstItem.focus();
    }
  }

  return createPortal(
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- a press outside the panel closes it; Esc is the keyboard's way
    <div
      ref={backdropRef}
      className={`dialog-backdrop dialog-backdrop--${variant}`}
      onMouseDown={(e) => {
        if (e.target !== e.currentTarget || !dismissible || !closeOnBackdrop) return;
        // The press would move the focus to the page: it stays where the dialog (or the ask) put it.
        e.preventDefault();
        requestClose();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`dialog dialog--${size} dialog--${variant}${className ? ` ${className}` : ''}`}
        onKeyDown={onKeyDown}
        onFocus={(e) => {
          if (e.target instanceof HTMLElement && e.target.matches(TEXT_FIELD))
            lastField.current = e.target;
        }}
      >
        {/* Not <header>/<footer>: with dialogs stacked (a cropper over user info) those would
            be duplicate banner/contentinfo landmarks. */}
        <div className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {dismissible ? (
            <button
              type="button"
              className="icon-button dialog__close"
              aria-label={t('common:actions.close')}
              onClick={requestClose}
            >
              <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
                <path
                  d="M6 6l12 12M18 6L6 18"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          ) : null}
        </div>
        <DialogCloseContext.Provider value={scope}>
          <div className="dialog__body">{children}</div>
          {footer ? <div className="dialog__footer">{footer}</div> : null}
        </DialogCloseContext.Provider>
        {asking ? <DiscardAsk onKeep={keepEditing} onDiscard={discard} /> : null}
      </div>
    </div>,
    document.body,
  );
}

/**
 * 放弃未保存的内容？ — over the dialog that holds the text. 继续编辑 is focused, so Enter, Esc
 * or a click beside it keeps the text; only 放弃 throws it away.
 */
function DiscardAsk({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('common:unsaved.title')}
      onClose={onKeep}
      size="sm"
      footer={
        <>
          <button type="button" className="button button--primary" onClick={onKeep} data-autofocus>
            {t('common:unsaved.keep')}
          </button>
          <button type="button" className="button" onClick={onDiscard}>
            {t('common:unsaved.discard')}
          </button>
        </>
      }
    >
      <p>{t('common:unsaved.text')}</p>
    </Dialog>
  );
}

function isJsdom() {
  return typeof navigator !== 'undefined' && navigator.userAgent.includes('jsdom');
}
