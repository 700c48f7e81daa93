import { formatDate as formatMoment, fromSeconds } from '@/lib/date-format';

/** A server time (seconds since the epoch) as the long local date in the UI language. */
export function formatDate(seconds: number, language: string): string {
  return formatMoment(fromSeconds(seconds), language, 'long');
}

/** The same local date as the `datetime` of a `<time>` element (YYYY-MM-DD). */
export function isoDate(seconds: number): string {
  const d = new Date(seconds * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}
