import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paymentErrorText, usePowerPacksQuery, useSubscriptionStatusQuery } from '@/api/payment';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { ListEmpty, ListError, ListLoading } from '@/components/ui/list-state/list-state';
import { paths } from '@/config/paths';
import { useServerNowS } from '@/session/use-server-now';
import { formatCount } from '@/lib/number-format';
import { packName } from '../model/products';
import { formatPrice, packPurchase } from '../model/purchase';
import { isVip } from '../model/user-type';
import { PowerCard } from './power-card';
import './membership.css';

/**
 * /dashboard/package (spec 2 §2): my power, and the power packs (names stripped of Chinese
 * characters, spaces and "words"), members-only packs marked (and for a free user pointed to
 * the membership screen), price and original price. Packs never expire.
 */
export default function PackageScreen() {
  const { t, i18n } = useTranslation('membership');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const packs = usePowerPacksQuery();
  const status = useSubscriptionStatusQuery();
  // Judged on the server's clock (the time service's offset), as the membership card is.
  const nowS = useServerNowS(status.data ? [status.data.effectTime, status.data.expiresTime] : []);
  const member = isVip(status.data, nowS);
  const rows = packs.data?.data ?? [];

  let list;
  if (packs.isLoading) list = <ListLoading />;
  else if (packs.isError)
    list = (
      <ListError
        onRetry={() => void packs.refetch()}
        message={paymentErrorText('listPowerPacks', packs.error, t)}
      />
    );
  else if (rows.length === 0) list = <ListEmpty text={t('package.empty')} />;
  else
    list = (
      <ul className="product-grid" aria-label={t('package.listLabel')}>
        {rows.map((p) => {
          const name = t('package.name', {
            name: packName(p.name),
            power: formatCount(p.quantity, lang),
          });
          const locked = p.vip_only && !member;
          // A hot tag saying what the members-only badge says already (in either language)
          // is shown once, as the badge.
          const saysVipOnly = (text: string) =>
            [t('package.vipOnly'), t('package.vipOnly', { lng: 'zh' })].includes(text.trim());
          return (
            <li key={p.id} className={`product${p.hot ? ' product--hot' : ''}`}>
              <h3 className="product__name">{name}</h3>
              {p.vip_only ? <p className="product__badge">{t('package.vipOnly')}</p> : null}
              {p.hot && p.hot_desc && !(p.vip_only && saysVipOnly(p.hot_desc)) ? (
                <p className="product__hot">{p.hot_desc}</p>
              ) : null}
              <p className="product__price">
                <span className="product__now">{t('price', { value: formatPrice(p.price) })}</span>
                {p.original_price > p.price ? (
                  <del className="product__was">
                    <span className="visually-hidden">{t('originalPrice')}</span>
                    {t('price', { value: formatPrice(p.original_price) })}
                  </del>
                ) : null}
              </p>
              {locked ? (
                <Link className="button" to={paths.dashboard.vip.getHref()}>
                  {t('package.becomeMember')}
                </Link>
              ) : (
                <button
                  type="button"
                  className="button button--primary"
                  aria-label={t('package.buyLabel', { name })}
                  onClick={() => openDialog('payPackage', { purchase: packPurchase(p) })}
                >
                  {t('package.buy')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    );

  return (
    <section className="money-screen" aria-labelledby="package-heading">
      <h1 id="package-heading">{t('package.heading')}</h1>
      <p className="money-screen__lead">{t('package.lead')}</p>
      <div className="money-screen__cards">
        <PowerCard />
      </div>
      <h2>{t('package.listHeading')}</h2>
      {list}
    </section>
  );
}
