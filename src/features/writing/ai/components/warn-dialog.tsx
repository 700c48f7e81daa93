import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog/dialog';
import type { HostedDialogProps } from '@/components/ui/dialog/dialog-registry';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { formatTimeOfDay } from '@/lib/date-format';
import type { RiskWarning } from '../model/risk-warning';

export interface WarnDialogProps {
  warning: RiskWarning;
}

declare module '@/components/ui/dialog/dialog-registry' {
  interface DialogMap {
    warn: WarnDialogProps;
  }
}

/**
 * The warn dialog (spec 1 §2, §6, §8): before the suspension, how many more risky inputs
 * suspend continuation and the lab for an hour; once suspended, until when, and that an appeal
 * is possible. Refused input never costs power. Opened by `useRiskWarning`.
 */
export function WarnDialog({ warning, onClose }: HostedDialogProps & WarnDialogProps) {
  const { t, i18n } = useTranslation('writing');
  const suspended = warning.kind === 'suspended';
  const time =
    warning.kind === 'suspended' && warning.untilMs !== null
      ? formatTimeOfDay(warning.untilMs, i18n.language)
      : null;

  return (
    <Dialog
      title={t(suspended ? 'ai.warn.suspendedTitle' : 'ai.warn.title')}
      onClose={onClose}
      size="sm"
      footer={
        <button type="button" className="button button--primary" data-autofocus onClick={onClose}>
          {t('ai.warn.ok')}
        </button>
      }
    >
      {warning.kind === 'warn' ? (
        <>
          <p>{t('ai.warn.body', { hits: warning.hits, limit: warning.limit })}</p>
          <p role="status">
            <strong>{t('ai.warn.left', { count: warning.left })}</strong>
          </p>
        </>
      ) : (
        <p role="status">
          {time ? t('ai.warn.suspendedUntil', { time }) : t('ai.warn.suspendedHour')}
        </p>
      )}
      <p>{t('ai.warn.noPower')}</p>
      {suspended ? (
        <p>
          <span>{t('ai.warn.appeal')}</span>{' '}
          <button
            type="button"
            className="button"
            onClick={() => {
              // The appeal replaces the notice; the focus goes on to the feedback form.
              onClose();
              openDialog('feedback', { category: 'appeal' });
            }}
          >
            {t('ai.warn.appealOpen')}
          </button>
        </p>
      ) : null}
    </Dialog>
  );
}
