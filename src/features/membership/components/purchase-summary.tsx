import { useTranslation } from 'react-i18next';
import { formatCount } from '@/lib/number-format';
import { formatPrice, type Purchase } from '../model/purchase';

/** Name, price (and the original price when higher) and the power a purchase gives. */
export function PurchaseSummary({ purchase }: { purchase: Purchase }) {
  const { t, i18n } = useTranslation('membership');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  return (
    <div className="purchase-summary">
      <p className="purchase-summary__name">
        {purchase.productType === 'pack'
          ? t('package.name', { name: purchase.name, power: formatCount(purchase.power, lang) })
          : purchase.name}
      </p>
      <p className="purchase-summary__price">
        <span>{t('price', { value: formatPrice(purchase.price) })}</span>
        {purchase.originalPrice > purchase.price ? (
          <del>
            <span className="visually-hidden">{t('originalPrice')}</span>
            {t('price', { value: formatPrice(purchase.originalPrice) })}
          </del>
        ) : null}
      </p>
      {purchase.productType === 'subscription' && purchase.power > 0 ? (
        <p className="purchase-summary__gift">
          {t('vip.gift', { power: formatCount(purchase.power, lang) })}
        </p>
      ) : null}
      {purchase.autoRenew ? <p className="purchase-summary__gift">{t('vip.renews')}</p> : null}
    </div>
  );
}
