import { useTranslation } from 'react-i18next';
import type { DialogueBenefits } from '@/api/exploration';
import { formatDate, fromSeconds } from '@/lib/date-format';

/**
 * How dialogue power comes back, said where the chat asks for it. Dialogue power is its own
 * account (the daily free allowance, then bought dialogue power) and no pack of it is on
 * sale; writing packs would not unblock the chat, so none is offered here: the allowance's
 * refill time is what is true.
 */
export function DialoguePowerHint({ benefits }: { benefits: DialogueBenefits | undefined }) {
  const { t, i18n } = useTranslation();
  if (!benefits) return null;
  const time = formatDate(fromSeconds(benefits.refresh_at), i18n.language, 'short', {
    time: true,
  });
  return (
    <span className="chat-power-hint">
      {t('exploration:power.refills', { total: benefits.free_total, time })}
    </span>
  );
}
