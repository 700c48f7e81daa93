/**
 * Date and time display: the one place that formats dates (ESLint refuses
 * `Intl.DateTimeFormat` and `toLocale{,Date,Time}String` elsewhere in `src/`).
 *
 * Two date styles per language, each with or without the time, and the time of day alone:
 *
 *   style           zh                       en
 *   long            2026年12月7日            December 7, 2026
 *   long + time     2026年12月7日 18:05      December 7, 2026 at 18:05
 *   short           2026/12/07               Dec 7, 2026
 *   short + time    2026/12/07 18:05         Dec 7, 2026, 18:05
 *   time of day     18:05                    18:05
 *
 * Long is for a date that stands alone in a sentence or a heading (a ban's end, a release);
 * short for lists, cards and dialogs. Both languages use the 24-hour clock (hours 00–23), so
 * times line up the same way in every list. Times are the viewer's local time.
 *
 * Formatters are made once per language and style and kept: building an `Intl` formatter loads
 * locale data and costs far more than formatting with it (`dateFormatSteps` makes them ahead).
 */

export type DateStyle = 'long' | 'short';
type Lang = 'zh' | 'en';
type Kind = DateStyle | `${DateStyle}Time` | 'time';

const LOCALES: Record<Lang, string> = { zh: 'zh-CN', en: 'en' };

const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

const DATES: Record<Lang, Record<DateStyle, Intl.DateTimeFormatOptions>> = {
  zh: {
    long: { year: 'numeric', month: 'long', day: 'numeric' },
    short: { year: 'numeric', month: '2-digit', day: '2-digit' },
  },
  en: {
    long: { year: 'numeric', month: 'long', day: 'numeric' },
    short: { year: 'numeric', month: 'short', day: 'numeric' },
  },
};

function options(lang: Lang, kind: Kind): Intl.DateTimeFormatOptions {
  if (kind === 'time') return CLOCK;
  if (kind === 'long' || kind === 'short') return DATES[lang][kind];
  return { ...DATES[lang][kind === 'longTime' ? 'long' : 'short'], ...CLOCK };
}

/** The UI language as the formats know it: English, or Chinese (the default) for anything else. */
const langOf = (language: string): Lang => (language === 'en' ? 'en' : 'zh');

const formats = new Map<string, Intl.DateTimeFormat>();

function format(language: string, kind: Kind): Intl.DateTimeFormat {
  const lang = langOf(language);
  const key = `${lang}|${kind}`;
  let made = formats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(LOCALES[lang], options(lang, kind));
    formats.set(key, made);
  }
  return made;
}

/** A moment: a `Date` or milliseconds since the epoch. */
export type Moment = Date | number;

/** A date in `style`, with the time (24-hour) when `time` is set. */
export function formatDate(
  when: Moment,
  language: string,
  style: DateStyle,
  { time = false }: { time?: boolean } = {},
): string {
  return format(language, time ? `${style}Time` : style).format(when);
}

/** The time of day alone (24-hour, "18:05"). */
export function formatTimeOfDay(when: Moment, language: string): string {
  return format(language, 'time').format(when);
}

/** Server times are in seconds: the moment they name. */
export const fromSeconds = (seconds: number): number => seconds * 1000;

/**
 * Steps that each make one formatter (for `style`s, with and without the time), to run before a
 * list's first cards are shown, one task each: see `shareTimeSteps`.
 */
export function dateFormatSteps(
  language: string,
  kinds: readonly { style: DateStyle; time?: boolean }[],
): (() => unknown)[] {
  return kinds.map(
    ({ style, time }) =>
      () =>
        format(language, time ? `${style}Time` : style),
  );
}
