import { useTranslation } from 'react-i18next';
import type { WritingBenefits } from '@/api/account/startup';
import { formatDate, fromSeconds } from '@/lib/date-format';
import { formatCount } from '@/lib/number-format';
import { powerBalance } from '@/rules/power';
import './power-breakdown.css';

/** A date in the interface language (an expiry, given in Unix seconds): the short style. */
export function formatExpiry(seconds: number, lang: string): string {
  return formatDate(fromSeconds(seconds), lang, 'short');
}

/**
 * The power balance broken down (spec 2 §1, §3 "Writing balance"): member (or free) power with
 * its expiry, activity and check-in power with the soonest expiry, and packs, which never
 * expire. Amounts in the number format of spec 1 §9. Strings: `membership`.
 */
export function PowerBreakdown({
  benefits,
  compact = false,
}: {
  benefits: WritingBenefits;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation('membership');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const n = (value: number) => formatCount(value, lang);
  // A free user's member-or-free part is the monthly quota: when it comes back is what matters,
  // even when none is left (spec 2 §1, §9: refreshed on the 8th).
  const refreshAt = benefits.free_refresh_at ?? null;
  const rows = [
    refreshAt !== null
      ? {
          key: 'member',
          label: t('power.free'),
          value: benefits.vip_words,
          note: t('power.refreshes', { date: formatExpiry(refreshAt, lang) }),
          always: true,
        }
      : {
          key: 'member',
          label: t('power.member'),
          value: benefits.vip_words,
          note: benefits.vip_expiry
            ? t('power.expires', { date: formatExpiry(benefits.vip_expiry, lang) })
            : null,
        },
    {
      key: 'activity',
      label: t('power.activity'),
      value: benefits.checkin_words,
      note: benefits.checkin_expiry
        ? t('power.expires', { date: formatExpiry(benefits.checkin_expiry, lang) })
        : null,
    },
    { key: 'pack', label: t('power.pack'), value: benefits.pack_words, note: t('power.never') },
  ];
  return (
    <div className={`power-breakdown${compact ? ' power-breakdown--compact' : ''}`}>
      <p className="power-breakdown__total">
        {t('power.total', { value: n(powerBalance(benefits)) })}
      </p>
      <dl className="power-breakdown__parts">
        {rows.map((row) => (
          <div key={row.key} className="power-breakdown__row">
            <dt>{row.label}</dt>
            <dd>
              <span className="power-breakdown__value">{n(row.value)}</span>
              {row.note && (row.value > 0 || ('always' in row && row.always)) ? (
                <span className="power-breakdown__note">{row.note}</span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      {compact ? null : <p className="power-breakdown__order">{t('power.order')}</p>}
    </div>
  );
}
