/**
 * The share id in what the user pasted: the id itself, or a /universe/{shareid} link
 * (copying a world sends only the share id, spec 1 §5).
 */
export function shareIdFrom(input: string): string {
  const text = input.trim();
  const match = /\/universe\/([^/?#\s]+)/.exec(text);
  return match ? decodeURIComponent(match[1]!) : text;
}
