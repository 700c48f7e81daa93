import { dateFormatSteps, formatDate } from '@/lib/date-format';

/**
 * When a work was shared, as a card shows it: relative while recent ("just now", "5 minutes
 * ago", "yesterday", "3 days ago"), the short date after a week (`lib/date-format.ts`). In the
 * UI language, through `Intl.RelativeTimeFormat` (numeric `auto`, so zh reads 昨天 and en
 * "yesterday").
 */

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Past this age the date is shown instead of a relative time. */
export const RELATIVE_UNTIL_S = 7 * DAY;

const locale = (language: string) => (language === 'zh' ? 'zh-CN' : 'en');

/**
 * Formatters are made once per locale and kept (the date ones by `lib/date-format.ts`):
 * building an `Intl` formatter loads locale data and costs far more than formatting with it,
 * and a list of cards formats two or three times per card.
 */
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function relativeFormat(language: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale(language));
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale(language), { numeric: 'auto' });
    relativeFormats.set(locale(language), format);
  }
  return format;
}

export interface ShareTime {
  /** What the card shows. */
  text: string;
  /** The exact moment (ISO 8601), for `<time dateTime>`. */
  iso: string;
  /** The local date and time (short style), for the element's title. */
  full: string;
}

/**
 * The steps that make the formatters a card uses, to run before any card is shown (a list runs
 * them while its first page loads, each in a task of its own): the first `Intl` formatter of a
 * page loads the locale's data, a cost that otherwise falls in the render that shows the cards.
 */
export function shareTimeSteps(language: string): (() => unknown)[] {
  return [
    ...dateFormatSteps(language, [{ style: 'short', time: true }, { style: 'short' }]),
    () => relativeFormat(language),
  ];
}

/**
 * `sharedAtS`: the server's time in seconds; `nowMs`: the client's clock. A time in the future
 * (clocks that disagree by a little) counts as just now.
 */
export function formatShareTime(sharedAtS: number, nowMs: number, language: string): ShareTime {
  const date = new Date(sharedAtS * 1000);
  const full = formatDate(date, language, 'short', { time: true });
  const age = Math.max(0, Math.floor(nowMs / 1000 - sharedAtS));
  const rtf = relativeFormat(language);
  let text: string;
  if (age < MINUTE) text = rtf.format(0, 'second');
  else if (age < HOUR) text = rtf.format(-Math.floor(age / MINUTE), 'minute');
  else if (age < DAY) text = rtf.format(-Math.floor(age / HOUR), 'hour');
  else if (age < RELATIVE_UNTIL_S) text = rtf.format(-Math.floor(age / DAY), 'day');
  else text = formatDate(date, language, 'short');
  return { text, iso: date.toISOString(), full };
}
