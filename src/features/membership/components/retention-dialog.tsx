import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog/dialog';
import type { HostedDialogProps } from '@/components/ui/dialog/dialog-registry';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { formatCount } from '@/lib/number-format';
import { storage } from '@/lib/storage';
import { MEMBER_MONTHLY_POWER } from '@/rules/membership';
import { nextRetentionStep, recordRetentionStage, type RetentionStep } from '../model/retention';
import { formatPrice, type Purchase } from '../model/purchase';
import './membership.css';

export interface RetentionDialogProps {
  /** The promotional product offered. */
  purchase: Purchase;
  /** This tab's session (the pop-up is shown once per session). */
  session: string;
  /** After leaving the second stage: the retention tip shows. */
  onLeave?: () => void;
}

declare module '@/components/ui/dialog/dialog-registry' {
  interface DialogMap {
    retention: RetentionDialogProps;
  }
}

/**
 * The retention pop-up (spec 2 §2), two stages stored in `pro_retention_popup`: the offer of
 * the promotion (stage 1); closing it without buying asks once more with what is given up
 * (stage 2); leaving then closes it and the retention tip shows. Buying opens the pay dialog
 * with the pay scene `retention`.
 */
export function RetentionDialog({
  purchase,
  session,
  onLeave,
  onClose,
}: HostedDialogProps & RetentionDialogProps) {
  const { t, i18n } = useTranslation('membership');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const [step, setStep] = useState<RetentionStep>('offer');
  // Recorded when it shows, not when asked for: a pop-up that waited behind a blocking dialog
  // and was given up has not been shown this session.
  useEffect(() => recordRetentionStage(storage, session, 1), [session]);

  const buy = () => {
    onClose();
    openDialog('pay', { purchase: { ...purchase, scene: 'retention' } });
  };
  const close = () => {
    const next = nextRetentionStep(step, 'close');
    if (next === 'confirm') {
      recordRetentionStage(storage, session, 2);
      setStep('confirm');
      return;
    }
    onClose();
    onLeave?.();
  };

  const price = t('price', { value: formatPrice(purchase.price) });
  return (
    <Dialog
      key={step}
      title={step === 'offer' ? t('retention.offerTitle') : t('retention.confirmTitle')}
      onClose={close}
      size="sm"
      footer={
        <>
          <button type="button" className="button" onClick={close}>
            {step === 'offer' ? t('retention.notNow') : t('retention.leave')}
          </button>
          <button type="button" className="button button--primary" onClick={buy} data-autofocus>
            {step === 'offer' ? t('retention.buy', { price }) : t('retention.keep')}
          </button>
        </>
      }
    >
      {step === 'offer' ? (
        <>
          <p className="retention__name">{purchase.name}</p>
          <p className="retention__price">
            {price}
            {purchase.originalPrice > purchase.price ? (
              <del>
                <span className="visually-hidden">{t('originalPrice')}</span>
                {t('price', { value: formatPrice(purchase.originalPrice) })}
              </del>
            ) : null}
          </p>
          <p>{t('retention.offerText', { power: formatCount(MEMBER_MONTHLY_POWER, lang) })}</p>
        </>
      ) : (
        <p>{t('retention.confirmText', { price })}</p>
      )}
    </Dialog>
  );
}
