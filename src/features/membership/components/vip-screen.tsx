import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paymentErrorText, useSubscriptionProductsQuery } from '@/api/payment';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { ListEmpty, ListError, ListLoading } from '@/components/ui/list-state/list-state';
import { formatCount } from '@/lib/number-format';
import { MEMBER_MONTHLY_POWER } from '@/rules/membership';
import { visibleSubscriptions } from '../model/products';
import { formatPrice, subscriptionPurchase } from '../model/purchase';
import { DailyAllowance } from './daily-allowance';
import { PowerCard } from './power-card';
import { VipStatusCard } from './vip-status';
import './membership.css';

/**
 * /dashboard/vip (spec 2 §2): my membership and power, the daily allowance, and the
 * membership products (promotions included) as the rules of `model/products.ts` show them.
 * Opened from a `to=vip` link it comes with `source=promotion_page`, which orders carry as
 * their pay scene.
 */
export default function VipScreen() {
  const { t, i18n } = useTranslation('membership');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const [params] = useSearchParams();
  const scene = params.get('source') === 'promotion_page' ? 'promotion_page' : 'vip';
  const products = useSubscriptionProductsQuery({ choosePromotion: true });
  const shown = visibleSubscriptions(products.data?.data ?? []);

  let list;
  if (products.isLoading) list = <ListLoading />;
  else if (products.isError)
    list = (
      <ListError
        onRetry={() => void products.refetch()}
        message={paymentErrorText('listSubscriptionProducts', products.error, t)}
      />
    );
  else if (shown.length === 0) list = <ListEmpty text={t('vip.empty')} />;
  else
    list = (
      <ul className="product-grid" aria-label={t('vip.productsLabel')}>
        {shown.map((p) => {
          const purchase = subscriptionPurchase(p, scene);
          const gift = purchase.power;
          return (
            <li key={p.id} className={`product${p.hot ? ' product--hot' : ''}`}>
              <h3 className="product__name">{p.name}</h3>
              {p.hot && p.hot_desc ? <p className="product__hot">{p.hot_desc}</p> : null}
              <p className="product__price">
                <span className="product__now">
                  {t('price', { value: formatPrice(purchase.price) })}
                </span>
                {p.original_price > purchase.price ? (
                  <del className="product__was">
                    <span className="visually-hidden">{t('originalPrice')}</span>
                    {t('price', { value: formatPrice(p.original_price) })}
                  </del>
                ) : null}
              </p>
              <p className="product__note">
                {t('vip.duration', { days: p.duration })}
                {p.auto_renew ? ` · ${t('vip.renews')}` : ''}
              </p>
              {gift > 0 ? (
                <p className="product__note">{t('vip.gift', { power: formatCount(gift, lang) })}</p>
              ) : null}
              <button
                type="button"
                className="button button--primary"
                aria-label={t('vip.buyLabel', { name: p.name })}
                onClick={() => openDialog('pay', { purchase })}
              >
                {t('vip.buy')}
              </button>
            </li>
          );
        })}
      </ul>
    );

  return (
    <section className="money-screen" aria-labelledby="vip-heading">
      <h1 id="vip-heading">{t('vip.heading')}</h1>
      <p className="money-screen__lead">
        {t('vip.lead', { power: formatCount(MEMBER_MONTHLY_POWER, lang) })}
      </p>
      <div className="money-screen__cards">
        <VipStatusCard />
        <PowerCard />
        <DailyAllowance />
      </div>
      <h2>{t('vip.productsHeading')}</h2>
      {list}
    </section>
  );
}
