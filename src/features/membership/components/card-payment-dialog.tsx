import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog/dialog';
import type { HostedDialogProps } from '@/components/ui/dialog/dialog-registry';
import type { Purchase } from '../model/purchase';
import { PaymentProgress } from './payment-progress';
import { PurchaseSummary } from './purchase-summary';
import { usePayment } from './use-payment';
import './membership.css';

export interface CardPaymentDialogProps {
  purchase: Purchase;
  pollMs?: number;
}

declare module '@/components/ui/dialog/dialog-registry' {
  interface DialogMap {
    cardPayment: CardPaymentDialogProps;
  }
}

/**
 * The card-payment dialog (spec 2 §2 "card payment", "card-payment package"): an alipay
 * prepay whose token builds the alipay page link (spec 2 §7); the user pays there (a card or
 * the Alipay balance) while the dialog polls the prepay by its token until it ends.
 */
export function CardPaymentDialog({
  purchase,
  pollMs,
  onClose,
}: HostedDialogProps & CardPaymentDialogProps) {
  const { t } = useTranslation('membership');
  const { state, refresh } = usePayment(
    { purchase, method: 'alipay', via: 'page' },
    pollMs === undefined ? {} : { intervalMs: pollMs },
  );
  return (
    <Dialog
      title={t('pay.pageTitle')}
      onClose={onClose}
      size="sm"
      footer={
        <button
          type="button"
          className={state.phase === 'paid' ? 'button button--primary' : 'button'}
          onClick={onClose}
        >
          {state.phase === 'paid' ? t('pay.done') : t('pay.close')}
        </button>
      }
    >
      <PurchaseSummary purchase={purchase} />
      <PaymentProgress state={state} purchase={purchase} refresh={refresh} endpoint="createPrepay">
        {state.phase === 'pending' ? (
          <>
            <a
              className="button button--primary"
              href={state.payment.link}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('pay.openPage')}
            </a>
            <p className="pay-progress__note">{t('pay.waiting')}</p>
          </>
        ) : null}
      </PaymentProgress>
    </Dialog>
  );
}
