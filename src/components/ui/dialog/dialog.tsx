import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { enterModalLayer, isTopModalLayer } from './modal-layer';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

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
}

let openCount = 0;

/**
 * Accessible modal: makes the rest of the page inert, traps Tab inside, closes on Esc,
 * returns focus to what had it, and locks page scroll while open. Sliders share the
 * behaviour with another look.
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
}: DialogProps) {
  const { t } = useTranslation();
  const backdropRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const dismissibleRef = useRef(dismissible);
  dismissibleRef.current = dismissible;

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
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
      if (previouslyFocused && document.contains(previouslyFocused)) previouslyFocused.focus();
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
      if (backdrop && isTopModalLayer(backdrop) && dismissibleRef.current) onCloseRef.current();
    }
    document.addEventListener('keydown', onDocumentKeyDown);
    return () => document.removeEventListener('keydown', onDocumentKeyDown);
  }, []);

  function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (dismissibleRef.current) onCloseRef.current();
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
    <div
      ref={backdropRef}
      className={`dialog-backdrop dialog-backdrop--${variant}`}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && dismissible && closeOnBackdrop) onClose();
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
              onClick={onClose}
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
        <div className="dialog__body">{children}</div>
        {footer ? <div className="dialog__footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}

function isJsdom() {
  return typeof navigator !== 'undefined' && navigator.userAgent.includes('jsdom');
}
