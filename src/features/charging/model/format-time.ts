import { formatDate, fromSeconds } from '@/lib/date-format';

/** A charge's time (seconds) as the short local date and time (24-hour). */
export function formatChargeTime(seconds: number, language: string): string {
  return formatDate(fromSeconds(seconds), language, 'short', { time: true });
}
