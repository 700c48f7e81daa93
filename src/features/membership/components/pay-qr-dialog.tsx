import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog/dialog';
import type { HostedDialogProps } from '@/components/ui/dialog/dialog-registry';
import type { PayMethod } from '../model/pay-type';
import type { Purchase } from '../model/purchase';
import { PaymentProgress } from './payment-progress';
import { PurchaseSummary } from './purchase-summary';
import { QR_WIDTH, usePayment } from './use-payment';
import './membership.css';
import { imageUrl } from '@/lib/image-url';

export interface PayQrDialogProps {
  purchase: Purchase;
  method: PayMethod;
  /** Status polling interval (tests and stories shorten it). */
  pollMs?: number;
}

declare module '@/components/ui/dialog/dialog-registry' {
  interface DialogMap {
    payQr: PayQrDialogProps;
  }
}

/**
 * The pay-QR dialog (spec 2 §2, §4): an order with a QR code of its payment link, to scan with
 * WeChat or Alipay; its status is polled until paid, expired or cancelled, and the QR can be
 * refreshed when it expires. Closing it (or any route change) stops the polling.
 */
export function PayQrDialog({
  purchase,
  method,
  pollMs,
  onClose,
}: HostedDialogProps & PayQrDialogProps) {
  const { t } = useTranslation('membership');
  const { state, refresh } = usePayment(
    { purchase, method, via: 'qr' },
    pollMs === undefined ? {} : { intervalMs: pollMs },
  );
  const methodName = t(`pay.method.${method}`);
  return (
    <Dialog
      title={t('pay.qrTitle', { method: methodName })}
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
      <PaymentProgress state={state} purchase={purchase} refresh={refresh} endpoint="createOrder">
        {state.phase === 'pending' ? (
          <>
            {imageUrl(state.payment.qrcode) ? (
              <img
                className="pay-qr__image"
                src={imageUrl(state.payment.qrcode)}
                width={QR_WIDTH}
                height={QR_WIDTH}
                alt={t('pay.qrAlt', { method: methodName })}
              />
            ) : null}
            <p className="pay-progress__note">{t('pay.scan')}</p>
            <p className="pay-progress__note">
              <a href={state.payment.link} target="_blank" rel="noopener noreferrer">
                {t('pay.openLink')}
              </a>
            </p>
          </>
        ) : null}
      </PaymentProgress>
    </Dialog>
  );
}
