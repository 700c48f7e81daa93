/**
 * Two versions of one text that both count: the person's (this tab: an editor, a form or a
 * local draft) and the other side's (the server copy another device or tab saved since the
 * person's base): a chapter, a world's title and background, a glossary entry, a message.
 * Nothing here picks a winner: the person chooses to keep theirs, the other or both, and
 * "both" keeps every character of each, clearly marked.
 */

/** A version's text fields (`durable-text.ts` keeps the same shape). */
export type TextVersion = Record<string, string>;

/**
 * Which field of a version is its body (merged by "keep both") and which its title (one line:
 * the person's is kept, the other's is named in the mark before the other's part).
 */
export interface VersionShape<T extends TextVersion> {
  body: keyof T & string;
  title?: keyof T & string;
}

export interface ChapterVersion {
  name: string;
  content: string;
}

export const CHAPTER_SHAPE: VersionShape<{ name: string; content: string }> = {
  body: 'content',
  title: 'name',
};

export type ConflictChoice = 'both' | 'mine' | 'theirs';

/** The marks put around the two differing parts in "keep both" (translated by the caller). */
export interface BothLabels {
  /** Opens the writer's part. */
  mine: string;
  /** Opens the other side's part; `name` is its title when the titles differ. */
  theirs: (name: string | null) => string;
  /** Closes the merged stretch when both versions continue with the same text. */
  end: string;
}

/**
 * Where two texts differ: the length of their common start and common end (in UTF-16 units,
 * never cutting a surrogate pair), so the differing middles are `a.slice(start, a.length -
 * end)` and `b.slice(start, b.length - end)`. Linear, for the side-by-side view.
 */
export function differingSpan(a: string, b: string): { start: number; end: number } {
  const max = Math.min(a.length, b.length);
  let start = 0;
  while (start < max && a.charCodeAt(start) === b.charCodeAt(start)) start += 1;
  if (start > 0 && isHighSurrogate(a.charCodeAt(start - 1))) start -= 1;
  let end = 0;
  while (end < max - start && a.charCodeAt(a.length - 1 - end) === b.charCodeAt(b.length - 1 - end))
    end += 1;
  if (end > 0 && isLowSurrogate(a.charCodeAt(a.length - end))) end -= 1;
  return { start, end };
}

/** Where a shared stretch may stop or start: after a paragraph, sentence or clause mark. */
const BREAK = /[\n。！？；，、…!?;,.]/;
/** Closing quotes and brackets, which belong to the sentence their mark ends. */
const CLOSER = /[”’」』）》〉)\]"']/;

/** Whether a shared stretch may stop after `text[at]`: a mark, or a closer right after one. */
function breaksAfter(text: string, at: number): boolean {
  let i = at;
  while (i >= 0 && CLOSER.test(text[i]!)) i -= 1;
  return i >= 0 && BREAK.test(text[i]!);
}

/**
 * A differing span widened to whole sentences and clauses of `text`, so the marks of "keep
 * both" never cut a sentence in the middle (it reads as two endings, not as word salad).
 */
function sentenceSpan(text: string, span: { start: number; end: number }) {
  let start = span.start;
  while (start > 0 && !breaksAfter(text, start - 1)) start -= 1;
  let from = text.length - span.end;
  while (from < text.length && from > 0 && !breaksAfter(text, from - 1)) from += 1;
  return { start, end: text.length - Math.max(from, start) };
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/**
 * Both versions in one text: what they share at the start and at the end once (whole
 * paragraphs, then the shared start and end of the differing stretch), and between them the
 * person's differing text, then the other side's, each after its mark. Every character of
 * each version is in the result; none that both share is written twice.
 */
function keepBothText(mine: string, theirs: string, labels: BothLabels, renamed: string | null) {
  const a = mine.split('\n');
  const b = theirs.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head += 1;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail += 1;
  // Inside the differing paragraphs, the text both still share at their start and end is kept
  // once too: a long paragraph both sides added to is not written twice, only its two endings.
  const mineMiddle = a.slice(head, a.length - tail).join('\n');
  const theirsMiddle = b.slice(head, b.length - tail).join('\n');
  const span = sentenceSpan(mineMiddle, differingSpan(mineMiddle, theirsMiddle));
  const sharedStart = mineMiddle.slice(0, span.start);
  const sharedEnd = mineMiddle.slice(mineMiddle.length - span.end);
  const after = [...(span.end > 0 ? [sharedEnd] : []), ...a.slice(a.length - tail)];
  const merged = [
    ...a.slice(0, head),
    ...(span.start > 0 ? [sharedStart] : []),
    labels.mine,
    mineMiddle.slice(span.start, mineMiddle.length - span.end),
    labels.theirs(renamed),
    theirsMiddle.slice(span.start, theirsMiddle.length - span.end),
    ...(after.length > 0 ? [labels.end, ...after] : []),
  ];
  return merged.join('\n');
}

/**
 * Both versions in one: the body merged by `keepBothText` (unless both bodies are equal), the
 * person's title and other fields kept, the other title named in the other side's mark when
 * it differs.
 */
export function keepBoth<T extends TextVersion>(
  mine: T,
  theirs: T,
  labels: BothLabels,
  shape: VersionShape<T>,
): T {
  const title = shape.title;
  const renamed = title && mine[title] !== theirs[title] ? (theirs[title] ?? '') : null;
  const a = mine[shape.body] ?? '';
  const b = theirs[shape.body] ?? '';
  if (a === b && renamed === null) return { ...mine };
  return { ...mine, [shape.body]: keepBothText(a, b, labels, renamed) };
}

/** The text the person continues from after their choice. */
export function resolveConflict<T extends TextVersion>(
  choice: ConflictChoice,
  mine: T,
  theirs: T,
  labels: BothLabels,
  shape: VersionShape<T>,
): T {
  if (choice === 'mine') return { ...mine };
  if (choice === 'theirs') return { ...theirs };
  if (Object.keys({ ...mine, ...theirs }).every((k) => mine[k] === theirs[k])) return { ...mine };
  return keepBoth(mine, theirs, labels, shape);
}

/** A chapter's choice: its body is `content`, its title `name`. */
export function resolveChapterConflict(
  choice: ConflictChoice,
  mine: ChapterVersion,
  theirs: ChapterVersion,
  labels: BothLabels,
): ChapterVersion {
  const pick = (v: ChapterVersion) => ({ name: v.name, content: v.content });
  return resolveConflict(choice, pick(mine), pick(theirs), labels, CHAPTER_SHAPE);
}
