/** A server time (seconds since the epoch) as a local date in the UI language. */
export function formatDate(seconds: number, language: string): string {
  return new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : 'en', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(seconds * 1000));
}

/** The same local date as the `datetime` of a `<time>` element (YYYY-MM-DD). */
export function isoDate(seconds: number): string {
  const d = new Date(seconds * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}
