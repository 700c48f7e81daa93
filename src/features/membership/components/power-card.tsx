import { useTranslation } from 'react-i18next';
import { useGetWritingBenefitsQuery } from '@/api/account/startup';
import { PowerBreakdown } from '@/components/power/power-breakdown';

/** The balance broken down, on the membership and pack screens. */
export function PowerCard() {
  const { t } = useTranslation('membership');
  const benefits = useGetWritingBenefitsQuery();
  return (
    <section className="money-card" aria-labelledby="power-heading">
      <h2 id="power-heading">{t('power.heading')}</h2>
      {benefits.data ? (
        <PowerBreakdown benefits={benefits.data} />
      ) : benefits.isError ? (
        <>
          <p className="money-card__note" role="alert">
            {t('power.loadError')}
          </p>
          <button type="button" className="button" onClick={() => void benefits.refetch()}>
            {t('pay.retry')}
          </button>
        </>
      ) : (
        <p className="money-card__note">{t('power.loading')}</p>
      )}
    </section>
  );
}
