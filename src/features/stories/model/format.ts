import { formatDate, fromSeconds } from '@/lib/date-format';

/** A server time (seconds since the epoch) as the short local date and time (24-hour). */
export function formatTime(seconds: number, language: string): string {
  return formatDate(fromSeconds(seconds), language, 'short', { time: true });
}
