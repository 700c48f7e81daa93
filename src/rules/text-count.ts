/**
 * Text-length counter used by every length-limited field (spec 1 §5 "Text length counting").
 *
 * The spec's wording ("each run of non-alphanumeric (Chinese-style) characters counts per word,
 * Latin runs count per character") is ambiguous and, read literally, inverted. We implement the
 * reading a writing app uses for "字数 / word count" — Chinese per character, English per word:
 *
 *   - a run of Latin-script letters/digits (an English word, a number) counts 1 per run:
 *       "hello" → 1, "2024" → 1, "abc123" → 1, "héllo" → 1, "Привет" → 1;
 *     a run may contain an apostrophe or hyphen between two word characters ("don't", "well-known")
 *     and a "." or "," between two digits ("3.14", "1,000,000"); it is still one word;
 *     "word characters" are ASCII letters/digits, Latin-1/Latin Extended/IPA letters, Greek,
 *     Cyrillic, Latin Extended Additional and full-width ASCII letters/digits (ＡＢＣ１２３);
 *   - every CJK ideograph, kana, hangul syllable/jamo and CJK / full-width punctuation counts 1:
 *       "你好" → 2, "。" → 1;
 *   - whitespace (incl. the ideographic space U+3000, NBSP, zero-width space) and control
 *     characters count 0;
 *   - combining marks, ZWJ/ZWNJ, variation selectors, soft hyphen and BOM count 0 and do not break
 *     a word;
 *   - any other character (ASCII punctuation, symbols, emoji, other scripts) counts 1 per code
 *     point; a surrogate pair is one code point ("😀" → 1; a ZWJ emoji sequence counts one per
 *     emoji in it).
 *
 * So "我有3个apple." → 我 有 3 个 apple . → 6.
 *
 * The count never exceeds `text.length` (at most 1 per UTF-16 unit), which `isTooLong` uses as a
 * fast path.
 *
 * Performance: one pass over char codes with a 64 KiB class lookup table built once at module
 * load; no regex or Intl.Segmenter per call.
 */

const C_OTHER = 0; // counts 1, breaks a word (CJK, punctuation, symbols…)
const C_WORD = 1; // letter: starts/continues a word
const C_DIGIT = 2; // digit: starts/continues a word, may join across "." / ","
const C_SPACE = 3; // counts 0, breaks a word
const C_MARK = 4; // counts 0, does not break a word
const C_JOIN = 5; // apostrophe / hyphen: inside a word when between two word chars
const C_NUMJOIN = 6; // "." / ",": inside a number when between two digits
const C_HIGH = 7; // high surrogate
const C_LOW = 8; // low surrogate

const CLASS: Uint8Array = buildTable();

function buildTable(): Uint8Array {
  const t = new Uint8Array(0x10000); // all C_OTHER
  const fill = (from: number, to: number, cls: number): void => {
    t.fill(cls, from, to + 1);
  };
  const set = (codes: readonly number[], cls: number): void => {
    for (const c of codes) t[c] = cls;
  };

  // Controls and whitespace.
  fill(0x00, 0x20, C_SPACE);
  fill(0x7f, 0x9f, C_SPACE);
  set([0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0x200b], C_SPACE);
  fill(0x2000, 0x200a, C_SPACE);

  // Latin letters and digits.
  fill(0x30, 0x39, C_DIGIT);
  fill(0x41, 0x5a, C_WORD);
  fill(0x61, 0x7a, C_WORD);
  set([0xaa, 0xb5, 0xba], C_WORD);
  fill(0xc0, 0xd6, C_WORD);
  fill(0xd8, 0xf6, C_WORD);
  fill(0xf8, 0x2ff, C_WORD); // Latin Extended-A/B, IPA, spacing modifier letters
  fill(0x370, 0x3ff, C_WORD); // Greek
  set([0x37e, 0x387], C_OTHER); // Greek question mark, ano teleia
  fill(0x400, 0x52f, C_WORD); // Cyrillic
  fill(0x1e00, 0x1fff, C_WORD); // Latin Extended Additional, Greek Extended
  fill(0xff10, 0xff19, C_DIGIT); // full-width digits
  fill(0xff21, 0xff3a, C_WORD); // full-width A-Z
  fill(0xff41, 0xff5a, C_WORD); // full-width a-z

  // Combining marks and invisible format characters.
  fill(0x300, 0x36f, C_MARK);
  fill(0x483, 0x489, C_MARK);
  fill(0x1ab0, 0x1aff, C_MARK);
  fill(0x1dc0, 0x1dff, C_MARK);
  fill(0x20d0, 0x20ff, C_MARK);
  fill(0x3099, 0x309a, C_MARK); // combining kana voiced marks
  fill(0xfe00, 0xfe0f, C_MARK); // variation selectors
  fill(0xfe20, 0xfe2f, C_MARK);
  set([0xad, 0x200c, 0x200d, 0x2060, 0xfeff], C_MARK);

  // Intra-word joiners.
  set([0x27, 0x2019, 0x2d, 0x2010, 0x2011], C_JOIN); // ' ’ - ‐ ‑
  set([0x2e, 0x2c], C_NUMJOIN); // . ,

  fill(0xd800, 0xdbff, C_HIGH);
  fill(0xdc00, 0xdfff, C_LOW);
  return t;
}

/** Counts `text` under the rules in the header comment. */
export function countText(text: string): number {
  const table = CLASS;
  const len = text.length;
  let count = 0;
  let inWord = false;
  let prevDigit = false;

  for (let i = 0; i < len; i++) {
    const cls = table[text.charCodeAt(i)] ?? C_OTHER;
    switch (cls) {
      case C_WORD:
        if (!inWord) {
          count++;
          inWord = true;
        }
        prevDigit = false;
        break;
      case C_DIGIT:
        if (!inWord) {
          count++;
          inWord = true;
        }
        prevDigit = true;
        break;
      case C_SPACE:
        inWord = false;
        break;
      case C_MARK:
        break;
      case C_JOIN: {
        if (inWord && i + 1 < len) {
          const next = table[text.charCodeAt(i + 1)];
          if (next === C_WORD || next === C_DIGIT) {
            prevDigit = false;
            break;
          }
        }
        count++;
        inWord = false;
        break;
      }
      case C_NUMJOIN: {
        if (inWord && prevDigit && i + 1 < len && table[text.charCodeAt(i + 1)] === C_DIGIT) {
          break;
        }
        count++;
        inWord = false;
        break;
      }
      case C_HIGH:
        count++;
        inWord = false;
        if (i + 1 < len && table[text.charCodeAt(i + 1)] === C_LOW) i++;
        break;
      default: // C_OTHER and lone low surrogates
        count++;
        inWord = false;
        break;
    }
  }
  return count;
}

/**
 * Spec 1 §5: a text is too long if its count exceeds `limit` or its raw length (UTF-16 units)
 * exceeds ten times `limit`.
 */
export function isTooLong(text: string, limit: number): boolean {
  const len = text.length;
  if (len > limit * 10) return true;
  // countText(text) <= text.length, so a text no longer than the limit can't be over it.
  if (len <= limit) return false;
  return countText(text) > limit;
}
