/**
 * A word-level diff for showing a lab result against the selection: CJK characters are
 * tokens of their own, Latin words and runs of spaces are tokens. Longest common
 * subsequence over tokens; at most ~2,000 tokens a side (the lab's limits keep it there).
 */

export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

export function tokenize(text: string): string[] {
  return text.match(/[A-Za-z0-9\u00C0-\u024F'’-]+|\s+|[\s\S]/gu) ?? [];
}

export function diffText(before: string, after: string): DiffPart[] {
  const a = tokenize(before);
  const b = tokenize(after);
  const n = a.length;
  const m = b.length;
  // lcs[i][j] = LCS length of a[i..] and b[j..], in one flat array.
  const lcs = new Uint16Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => i * (m + 1) + j;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[at(i, j)] =
        a[i] === b[j]
          ? (lcs[at(i + 1, j + 1)] ?? 0) + 1
          : Math.max(lcs[at(i + 1, j)] ?? 0, lcs[at(i, j + 1)] ?? 0);
    }
  }
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], text: string) => {
    const last = parts.at(-1);
    if (last && last.kind === kind) last.text += text;
    else parts.push({ kind, text });
  };
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      push('same', a[i] ?? '');
      i++;
      j++;
    } else if ((lcs[at(i + 1, j)] ?? 0) >= (lcs[at(i, j + 1)] ?? 0)) push('removed', a[i++] ?? '');
    else push('added', b[j++] ?? '');
  }
  while (i < n) push('removed', a[i++] ?? '');
  while (j < m) push('added', b[j++] ?? '');
  return parts;
}
