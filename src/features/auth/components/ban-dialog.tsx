import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { Dialog } from '@/components/ui/dialog/dialog';
import type { HostedDialogProps } from '@/components/ui/dialog/dialog-registry';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { toastShown } from '@/components/ui/toast/toast-slice';
import { clock } from '@/lib/clock';
import { formatDate } from '@/lib/date-format';
import { logOut } from '@/session/logout';
import { banEnded } from '@/session/events';
import './ban-dialog.css';

export interface BanDialogProps {
  /** End of the ban in Unix seconds; null for a ban without an end. */
  endS: number | null;
  /** The clock to count down against (the server clock in the app). */
  nowMs?: () => number;
}

declare module '@/components/ui/dialog/dialog-registry' {
  interface DialogMap {
    ban: BanDialogProps;
  }
}

export interface RemainingUnits {
  d: string;
  h: string;
  m: string;
  s: string;
}

/** "3 d 4 h", "4 h 05 min", "12 min 09 s": the largest two units that matter. */
export function formatRemaining(ms: number, u: RemainingUnits): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (d > 0) return `${d} ${u.d} ${h} ${u.h}`;
  if (h > 0) return `${h} ${u.h} ${pad(m)} ${u.m}`;
  return `${m} ${u.m} ${pad(sec)} ${u.s}`;
}

/**
 * The ban (shut) dialog (spec 1 §6, spec 2 §4): the end time in the current language, a
 * countdown, and logout as the only way out. It cannot be dismissed; when the end time
 * passes it closes itself and the session is looked at again.
 */
export function BanDialog({
  endS,
  onClose,
  nowMs = () => clock.now(),
}: HostedDialogProps & BanDialogProps) {
  const { t, i18n } = useTranslation('session');
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const [now, setNow] = useState(nowMs);
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const endMs = endS === null ? null : endS * 1000;
  const over = endMs !== null && now >= endMs;

  useEffect(() => {
    if (endMs === null) return;
    const timer = clock.setInterval(() => setNow(nowMs()), 1000);
    return () => clock.clearInterval(timer);
  }, [endMs, nowMs]);

  useEffect(() => {
    if (!over) return;
    onClose();
    dispatch(toastShown({ msg: t('ban.lifted') }));
    dispatch(banEnded());
  }, [over, onClose, dispatch, t]);

  const end = endMs === null ? null : formatDate(endMs, lang, 'long', { time: true });

  return (
    <Dialog
      title={t('ban.title')}
      onClose={onClose}
      dismissible={false}
      size="sm"
      className="ban-dialog"
      footer={
        <button
          type="button"
          className="button button--primary"
          data-autofocus
          onClick={() => {
            onClose();
            void logOut(dispatch);
          }}
        >
          {t('ban.logout')}
        </button>
      }
    >
      <p className="ban-dialog__end">{end === null ? t('ban.forever') : t('ban.body', { end })}</p>
      {endMs !== null && !over ? (
        <p className="ban-dialog__remaining" aria-live="off">
          {t('ban.remaining', {
            time: formatRemaining(endMs - now, {
              d: t('ban.units.d'),
              h: t('ban.units.h'),
              m: t('ban.units.m'),
              s: t('ban.units.s'),
            }),
          })}
        </p>
      ) : null}
      <p className="ban-dialog__hint">{t('ban.hint')}</p>
      <p className="ban-dialog__hint">
        <span>{t('ban.appeal')}</span>{' '}
        <button
          type="button"
          className="button"
          // The ban stays: the appeal opens over it and gives the focus back when it closes.
          onClick={() => openDialog('feedback', { category: 'appeal' })}
        >
          {t('ban.appealOpen')}
        </button>
      </p>
    </Dialog>
  );
}
