import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog/dialog';
import type { HostedDialogProps } from '@/components/ui/dialog/dialog-registry';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { methodsOf, type PayMethod } from '../model/pay-type';
import type { Purchase } from '../model/purchase';
import { PurchaseSummary } from './purchase-summary';
import './membership.css';

export interface PayDialogProps {
  purchase: Purchase;
}

declare module '@/components/ui/dialog/dialog-registry' {
  interface DialogMap {
    /** A membership product. */
    pay: PayDialogProps;
    /** A power pack. */
    payPackage: PayDialogProps;
  }
}

/**
 * The pay and pay-package dialogs (spec 2 §2): what is bought and how to pay, among the pay
 * types the product takes (alipay is type 2, anything else 3). "Scan to pay" hands over to the
 * pay-QR dialog; with Alipay the alipay page (card payment) is offered too.
 */
export function PayDialog({ purchase, onClose }: HostedDialogProps & PayDialogProps) {
  const { t } = useTranslation('membership');
  const methods = methodsOf(purchase.payTypes);
  const [method, setMethod] = useState<PayMethod>(methods[0] ?? 'weixin');
  const groupId = useId();
  const title = purchase.productType === 'pack' ? t('pay.packTitle') : t('pay.vipTitle');
  return (
    <Dialog
      title={title}
      onClose={onClose}
      size="sm"
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('pay.close')}
          </button>
          {method === 'alipay' ? (
            <button
              type="button"
              className="button"
              onClick={() => {
                onClose();
                openDialog('cardPayment', { purchase });
              }}
            >
              {t('pay.toPage')}
            </button>
          ) : null}
          <button
            type="button"
            className="button button--primary"
            disabled={methods.length === 0}
            onClick={() => {
              onClose();
              openDialog('payQr', { purchase, method });
            }}
          >
            {t('pay.scanToPay')}
          </button>
        </>
      }
    >
      <PurchaseSummary purchase={purchase} />
      <fieldset className="pay-methods">
        <legend id={groupId}>{t('pay.methodLegend')}</legend>
        {methods.map((m) => (
          <label key={m} className="pay-methods__option">
            <input
              type="radio"
              name={groupId}
              value={m}
              checked={method === m}
              onChange={() => setMethod(m)}
              data-autofocus={method === m ? true : undefined}
            />
            {t(`pay.method.${m}`)}
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
}
