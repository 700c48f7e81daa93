import { useCallback, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { isTooLong } from '@/rules/text-count';

type TextControl = HTMLInputElement | HTMLTextAreaElement;

export type MaxLengthRefusal = 'typing' | 'pasteTrimmed' | 'pasteRefused';

export interface MaxLength {
  /** Callback ref for the input or textarea (merge with the field's own ref if it has one). */
  ref: (el: TextControl | null) => (() => void) | undefined;
  /** Translated message to show at the field after a refusal; null once the person goes on. */
  message: string | null;
  /** The last refusal's kind, for callers that word the message themselves. */
  refusal: MaxLengthRefusal | null;
}

export interface MaxLengthOptions {
  /** `trim` (default) keeps the part of a paste that fits; `refuse` drops the whole paste. */
  paste?: 'trim' | 'refuse';
  /**
   * Whether a text is over, for a field whose rule is not the shared count (a forbidden word
   * is measured in code points); defaults to `isTooLong(text, limit)`.
   */
  isOver?: (text: string) => boolean;
  /** The field's own ref to the control (to focus it), set alongside. */
  elementRef?: RefObject<TextControl | null>;
}

/** The text after putting `insert` in place of `value[start, end)`. */
function splice(value: string, start: number, end: number, insert: string): string {
  return value.slice(0, start) + insert + value.slice(end);
}

/**
 * The longest prefix of `insert` (whole code points) that keeps `before + prefix + after`
 * within `limit`. The count is not strictly monotonic in the prefix ("3." counts 2, "3.1"
 * counts 1), so the binary search's answer is checked and walked back when needed.
 */
export function fittingPrefix(
  before: string,
  insert: string,
  after: string,
  isOver: (text: string) => boolean,
) {
  const points = Array.from(insert);
  const fits = (n: number) => !isOver(before + points.slice(0, n).join('') + after);
  let lo = 0;
  let hi = points.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  while (lo > 0 && !fits(lo)) lo--;
  return points.slice(0, lo).join('');
}

/**
 * Sets a controlled input's value the way the browser would, so React's onChange (and every
 * transform the field applies there) sees it: the native setter, then an input event.
 */
function setNativeValue(el: TextControl, value: string, caret: number) {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement;
  Object.getOwnPropertyDescriptor(proto.prototype, 'value')?.set?.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  const at = Math.min(caret, el.value.length);
  el.setSelectionRange(at, at);
}

/**
 * The max-length input behaviour of spec 1 §5, once for every counted field: with the shared
 * counter (`src/rules/text-count.ts`), a typed character that would take the text over
 * `limit` is blocked before it lands (native `beforeinput`), a paste that would go over is
 * trimmed to what fits (or refused whole) with a message at the field, and IME composition is
 * never interrupted: the composed text is trimmed on `compositionend` if it went over.
 * Deleting is always allowed, so a text already over (a server draft) can be shortened.
 */
export function useMaxLength(limit: number, options: MaxLengthOptions = {}): MaxLength {
  const { t } = useTranslation('common');
  const [refusal, setRefusal] = useState<MaxLengthRefusal | null>(null);
  const limitRef = useRef(limit);
  limitRef.current = limit;
  const pasteRef = useRef(options.paste ?? 'trim');
  pasteRef.current = options.paste ?? 'trim';
  const isOverRef = useRef(options.isOver);
  isOverRef.current = options.isOver;
  const elementRef = options.elementRef;

  const ref = useCallback(
    (el: TextControl | null) => {
      if (elementRef) elementRef.current = el;
      if (!el) return undefined;
      let compositionStart: number | null = null;
      const isOver = (text: string) =>
        isOverRef.current ? isOverRef.current(text) : isTooLong(text, limitRef.current);
      const single = el instanceof HTMLInputElement;
      const normalise = (text: string) =>
        single ? text.replace(/\r\n?|\n/g, '') : text.replace(/\r\n?/g, '\n');
      const range = () => {
        const start = el.selectionStart ?? el.value.length;
        return [start, el.selectionEnd ?? start] as const;
      };

      const onBeforeInput = (event: Event) => {
        const e = event as InputEvent;
        if (e.isComposing || e.inputType === 'insertCompositionText') return;
        // A paste is handled by the paste listener, which let this one through because it fits.
        if (!e.inputType.startsWith('insert') || e.inputType === 'insertFromPaste') {
          setRefusal(null);
          return;
        }
        const typed =
          e.data ??
          e.dataTransfer?.getData('text/plain') ??
          (e.inputType === 'insertLineBreak' || e.inputType === 'insertParagraph' ? '\n' : '');
        const [start, end] = range();
        if (isOver(splice(el.value, start, end, normalise(typed)))) {
          e.preventDefault();
          setRefusal('typing');
        } else setRefusal(null);
      };

      const onPaste = (event: Event) => {
        const e = event as ClipboardEvent;
        const pasted = normalise(e.clipboardData?.getData('text/plain') ?? '');
        const [start, end] = range();
        const value = el.value;
        if (!isOver(splice(value, start, end, pasted))) return;
        e.preventDefault();
        const kept =
          pasteRef.current === 'trim'
            ? fittingPrefix(value.slice(0, start), pasted, value.slice(end), isOver)
            : '';
        if (kept) setNativeValue(el, splice(value, start, end, kept), start + kept.length);
        setRefusal(kept ? 'pasteTrimmed' : 'pasteRefused');
      };

      const onCompositionStart = () => {
        compositionStart = range()[0];
      };
      const onCompositionEnd = () => {
        const start = compositionStart;
        compositionStart = null;
        const value = el.value;
        if (start === null || !isOver(value)) return;
        const caret = range()[1];
        const composed = value.slice(start, Math.max(start, caret));
        const before = value.slice(0, start);
        const after = value.slice(Math.max(start, caret));
        const kept = fittingPrefix(before, composed, after, isOver);
        setNativeValue(el, before + kept + after, start + kept.length);
        setRefusal('typing');
      };

      el.addEventListener('beforeinput', onBeforeInput);
      el.addEventListener('paste', onPaste);
      el.addEventListener('compositionstart', onCompositionStart);
      el.addEventListener('compositionend', onCompositionEnd);
      // React calls this instead of ref(null) when a callback ref returns a cleanup.
      return () => {
        if (elementRef?.current === el) elementRef.current = null;
        el.removeEventListener('beforeinput', onBeforeInput);
        el.removeEventListener('paste', onPaste);
        el.removeEventListener('compositionstart', onCompositionStart);
        el.removeEventListener('compositionend', onCompositionEnd);
      };
    },
    [elementRef],
  );

  const message = refusal === null ? null : t(`common:maxLength.${refusal}`, { max: limit });
  return { ref, message, refusal };
}
