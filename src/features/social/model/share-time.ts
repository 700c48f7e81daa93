/**
 * When a work was shared, as a card shows it: relative while recent ("just now", "5 minutes
 * ago", "yesterday", "3 days ago"), the date after a week. In the UI language, through
 * `Intl.RelativeTimeFormat` (numeric `auto`, so zh reads 昨天 and en "yesterday").
 */

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Past this age the date is shown instead of a relative time. */
export const RELATIVE_UNTIL_S = 7 * DAY;

const locale = (language: string) => (language === 'zh' ? 'zh-CN' : 'en');

/**
 * Formatters are made once per locale and kept: building an `Intl` formatter loads locale data
 * and costs far more than formatting with it, and a list of cards formats two or three times
 * per card.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

type DateKind = 'full' | 'date' | 'dateWithYear';
const DATE_OPTIONS: Record<DateKind, Intl.DateTimeFormatOptions> = {
  full: { dateStyle: 'medium', timeStyle: 'short' },
  date: { month: 'short', day: 'numeric' },
  dateWithYear: { year: 'numeric', month: 'short', day: 'numeric' },
};

function dateFormat(language: string, kind: DateKind): Intl.DateTimeFormat {
  const key = `${locale(language)}|${kind}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale(language), DATE_OPTIONS[kind]);
    dateFormats.set(key, format);
  }
  return format;
}

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
  /** The full local date and time, for the element's title. */
  full: string;
}

/**
 * The steps that make the formatters a card uses, to run before any card is shown (a list runs
 * them while its first page loads, each in a task of its own): the first `Intl` formatter of a
 * page loads the locale's data, a cost that otherwise falls in the render that shows the cards.
 */
export function shareTimeSteps(language: string): (() => unknown)[] {
  return [
    () => dateFormat(language, 'full'),
    () => relativeFormat(language),
    () => dateFormat(language, 'date'),
    () => dateFormat(language, 'dateWithYear'),
  ];
}

/**
 * `sharedAtS`: the server's time in seconds; `nowMs`: the client's clock. A time in the future
 * (clocks that disagree by a little) counts as just now.
 */
export function formatShareTime(sharedAtS: number, nowMs: number, language: string): ShareTime {
  const date = new Date(sharedAtS * 1000);
  const full = dateFormat(language, 'full').format(date);
  const age = Math.max(0, Math.floor(nowMs / 1000 - sharedAtS));
  const rtf = relativeFormat(language);
  let text: string;
  if (age < MINUTE) text = rtf.format(0, 'second');
  else if (age < HOUR) text = rtf.format(-Math.floor(age / MINUTE), 'minute');
  else if (age < DAY) text = rtf.format(-Math.floor(age / HOUR), 'hour');
  else if (age < RELATIVE_UNTIL_S) text = rtf.format(-Math.floor(age / DAY), 'day');
  else {
    const sameYear = date.getFullYear() === new Date(nowMs).getFullYear();
    text = dateFormat(language, sameYear ? 'date' : 'dateWithYear').format(date);
  }
  return { text, iso: date.toISOString(), full };
}
