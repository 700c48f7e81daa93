import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useDispatch, useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { clock } from '@/lib/clock';
import { OUTSIDE_MODALS } from '../dialog/modal-layer';
import { selectToast, toastDismissed, type toastSlice } from './toast-slice';

type WithToast = { [toastSlice.reducerPath]: ReturnType<typeof toastSlice.reducer> };

/**
 * Renders the one current toast. Its timer belongs to the toast id, so a newer toast
 * is never closed by an older timer (spec 1 §4). The live region is a child of <body>
 * outside the app root, so an open dialog, which makes the page behind it inert, does not
 * silence it.
 */
export function ToastViewport() {
  const toast = useSelector((s: WithToast) => selectToast(s));
  const dispatch = useDispatch();
  const { t } = useTranslation();

  useEffect(() => {
    if (!toast || toast.duration === 0) return;
    const timer = clock.setTimeout(() => dispatch(toastDismissed(toast.id)), toast.duration);
    return () => clock.clearTimeout(timer);
  }, [toast, dispatch]);

  return createPortal(
    <div
      className="toast-viewport"
      aria-live="polite"
      aria-atomic="true"
      {...{ [OUTSIDE_MODALS]: '' }}
    >
      {toast ? (
        <div
          key={toast.id}
          className={`toast toast--${toast.type}`}
          role={toast.type === 'error' ? 'alert' : 'status'}
        >
          <span className="toast__icon" aria-hidden="true">
            {toast.icon ?? (toast.type === 'error' ? '!' : toast.type === 'success' ? '✓' : 'i')}
          </span>
          <span className="toast__msg">{toast.msg}</span>
          {toast.duration === 0 ? (
            <button
              type="button"
              className="toast__close"
              aria-label={t('common:actions.close')}
              onClick={() => dispatch(toastDismissed(toast.id))}
            >
              ×
            </button>
          ) : null}
        </div>
      ) : null}
    </div>,
    document.body,
  );
}
