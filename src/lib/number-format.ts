/**
 * Compact count display (spec 1 §9 "Number display").
 *
 * Rule:
 *   - The number is rounded half-up (on its magnitude) to an integer; if that is below the first
 *     unit it is shown as a plain integer without separators ("9999", "999").
 *   - zh: from 10,000 in units of 万 (1e4), from 100,000,000 in units of 亿 (1e8).
 *     en: from 1,000 in k (1e3), from 1,000,000 in M (1e6), from 1,000,000,000 in B (1e9).
 *   - In a unit, the value is rounded half-up to two decimals and trailing zeros are trimmed:
 *       zh 10000 → "1万", 12345 → "1.23万", 15000 → "1.5万", 123456789 → "1.23亿";
 *       en 1000 → "1k", 1234 → "1.23k", 1500 → "1.5k", 2500000 → "2.5M".
 *   - If rounding reaches the next unit, the next unit is used instead:
 *       en 999999 → "1M" (not "1000k"), 999.5 → "1k"; zh 99999999 → "1亿", 9999.6 → "1万".
 *     The largest unit simply grows (zh 1e12 → "10000亿", en 1e12 → "1000B").
 *   - Negative numbers keep the sign ("-1.5k"); anything that rounds to zero is "0" (never "-0").
 *   - NaN → "0"; ±Infinity → "∞" / "-∞".
 */

export type NumberLang = 'zh' | 'en';

type Unit = { readonly value: number; readonly suffix: string };

// Largest first.
const UNITS: Readonly<Record<NumberLang, readonly Unit[]>> = {
  zh: [
    { value: 1e8, suffix: '亿' },
    { value: 1e4, suffix: '万' },
  ],
  en: [
    { value: 1e9, suffix: 'B' },
    { value: 1e6, suffix: 'M' },
    { value: 1e3, suffix: 'k' },
  ],
};

export function formatCount(n: number, lang: NumberLang): string {
  if (Number.isNaN(n)) return '0';
  if (!Number.isFinite(n)) return n > 0 ? '∞' : '-∞';

  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  const units = UNITS[lang === 'zh' ? 'zh' : 'en'];
  const smallest = units[units.length - 1];

  const rounded = Math.round(abs);
  if (!smallest || rounded < smallest.value) return rounded === 0 ? '0' : `${sign}${rounded}`;

  // Largest unit the magnitude reaches (the smallest one when only rounding got us here).
  let i = units.findIndex((u) => abs >= u.value);
  if (i === -1) i = units.length - 1;
  let unit = units[i] ?? smallest;
  // abs * 100 is exact for integers up to 2^53 / 100, and dividing by a power of ten is
  // correctly rounded, so an exact .5 in hundredths stays exact and Math.round rounds it up.
  let hundredths = Math.round((abs * 100) / unit.value);

  // Carry into the next unit when rounding reached it (999.995k → 1M).
  for (let bigger = units[i - 1]; bigger; bigger = units[i - 1]) {
    if (hundredths < (bigger.value / unit.value) * 100) break;
    i -= 1;
    unit = bigger;
    hundredths = Math.round((abs * 100) / unit.value);
  }

  return `${sign}${formatHundredths(hundredths)}${unit.suffix}`;
}

/** 123 → "1.23", 150 → "1.5", 100 → "1", 105 → "1.05". */
function formatHundredths(h: number): string {
  const int = Math.floor(h / 100);
  const frac = h - int * 100;
  if (frac === 0) return String(int);
  if (frac % 10 === 0) return `${int}.${frac / 10}`;
  return `${int}.${frac < 10 ? '0' : ''}${frac}`;
}
