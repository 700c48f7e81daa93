import { useTranslation } from 'react-i18next';
import { useClaimDailyAllowanceMutation, useGetDailyAllowanceQuery } from '@/api/payment';
import { formatExpiry } from '@/components/power/power-breakdown';
import { formatCount } from '@/lib/number-format';
import { useOnceSubmit } from '@/lib/use-once-submit';

/**
 * The daily allowance (spec 2 §4: claim, then claimed): today's power and a claim button;
 * once claimed, when the claimed power expires. A claim refetches the balance.
 */
export function DailyAllowance() {
  const { t, i18n } = useTranslation('membership');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const allowance = useGetDailyAllowanceQuery();
  const [claim, claiming] = useClaimDailyAllowanceMutation();
  // The failure is shown by the app's listener (a toast); the guard only needs the end.
  const once = useOnceSubmit(() => claim());
  const data = claiming.data ?? allowance.data;

  let body;
  if (allowance.isLoading) body = <p className="money-card__note">{t('allowance.loading')}</p>;
  else if (!data)
    body = (
      <>
        <p className="money-card__note" role="alert">
          {t('allowance.loadError')}
        </p>
        <button type="button" className="button" onClick={() => void allowance.refetch()}>
          {t('pay.retry')}
        </button>
      </>
    );
  else if (data.claimed)
    body = (
      <p className="money-card__note" aria-live="polite">
        {data.expires_at
          ? t('allowance.claimedUntil', {
              power: formatCount(data.power, lang),
              date: formatExpiry(data.expires_at, lang),
            })
          : t('allowance.claimed')}
      </p>
    );
  else
    body = (
      <>
        <p className="money-card__note">
          {t('allowance.offer', { power: formatCount(data.power, lang) })}
        </p>
        <button
          type="button"
          className="button button--primary"
          disabled={once.busy}
          onClick={() => void once.run()}
        >
          {t('allowance.claim')}
        </button>
      </>
    );

  return (
    <section className="money-card" aria-labelledby="allowance-heading">
      <h2 id="allowance-heading">{t('allowance.heading')}</h2>
      {body}
    </section>
  );
}
