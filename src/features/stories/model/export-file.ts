import type { StoryExport } from '@/api/stories';

export type ExportFormat = 'txt' | 'md';

/**
 * A file name that is safe on every desktop system: no path separators, control or reserved
 * characters (\ / : * ? " < > |), no leading or trailing dots and spaces, not a Windows device
 * name, at most 80 characters; `fallback` when nothing is left.
 */
export function sanitizeFileName(name: string, fallback = 'story'): string {
  // eslint-disable-next-line no-control-regex
  let s = name.replace(/[\u0000-\u001f\u007f\\/:*?"<>|]+/g, ' ');
  s = s
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '');
  s = [...s].slice(0, 80).join('').trim();
  if (/^(con|prn|aux|nul|com\d|lpt\d)$/i.test(s)) s = `${s}_`;
  return s || fallback;
}

/** `<story>.txt` or `<story> - <chapter>.md`, sanitised. */
export function exportFileName(
  exp: StoryExport,
  format: ExportFormat,
  chapterOnly: boolean,
): string {
  const chapter = chapterOnly ? exp.chapters[0]?.name : undefined;
  const base = chapter ? `${exp.title} - ${chapter}` : exp.title;
  return `${sanitizeFileName(base)}.${format}`;
}

/**
 * One line of a chapter (or a title) as Markdown that renders as the text itself. A chapter
 * may hold anything the writer typed or pasted, and a Markdown viewer renders raw HTML
 * (`<script>`, `<img onerror>`, `<iframe>`), autolinks (`<javascript:…>`), links and images
 * (`[x](javascript:…)`, a remote `![](…)` that phones home) and emphasis or code spans. So:
 * `&`, `<`, `>` become entities (no tag, autolink or blockquote can start); the inline
 * punctuation Markdown acts on is backslash-escaped (CommonMark shows `\[` as `[`); and a
 * line start that would open a heading, list, thematic break or setext underline is escaped.
 */
export function mdLine(line: string): string {
  const inline = line
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]~|!]/g, '\\$&');
  return inline.replace(/^(\s*)([#+=-])/, '$1\\$2').replace(/^(\s*\d+)([.)])/, '$1\\$2');
}

/** The file's text: a title, then each chapter's name and body; Markdown uses headings. */
export function exportText(exp: StoryExport, format: ExportFormat, chapterOnly: boolean): string {
  const parts: string[] = [];
  if (format === 'md') {
    if (!chapterOnly) parts.push(`# ${mdLine(exp.title)}`);
    for (const c of exp.chapters) {
      parts.push(`${chapterOnly ? '#' : '##'} ${mdLine(c.name)}`);
      const body = c.content.split('\n').map(mdLine).join('\n\n');
      if (body.trim()) parts.push(body);
    }
  } else {
    if (!chapterOnly) parts.push(exp.title);
    for (const c of exp.chapters) {
      parts.push(c.name);
      if (c.content.trim()) parts.push(c.content);
    }
  }
  return `${parts.join('\n\n')}\n`;
}

/** Downloads `text` as a file via a Blob and a temporary link. */
export function downloadText(fileName: string, text: string, format: ExportFormat): void {
  const type = format === 'md' ? 'text/markdown;charset=utf-8' : 'text/plain;charset=utf-8';
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked on the next task: the click has started the download by then.
  // eslint-disable-next-line no-restricted-globals -- yields a task to the browser's download, not an app timer
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
