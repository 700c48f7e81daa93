import { describe, expect, it } from 'vitest';
import {
  CHAPTER_SHAPE,
  differingSpan,
  keepBoth,
  resolveChapterConflict,
  resolveConflict,
  type BothLabels,
} from './conflict';

const labels: BothLabels = {
  mine: '[mine]',
  theirs: (name) => (name === null ? '[theirs]' : `[theirs: ${name}]`),
  end: '[end]',
};

/** How many times each character occurs: "keep both" must lose none of either version. */
function counts(text: string) {
  const n = new Map<string, number>();
  for (const c of text.replace(/\n/g, '')) n.set(c, (n.get(c) ?? 0) + 1);
  return n;
}
function containsAll(whole: string, part: string) {
  const w = counts(whole);
  for (const [c, k] of counts(part)) if ((w.get(c) ?? 0) < k) return false;
  return true;
}

describe('a conflict between the writer’s version and the server’s', () => {
  it('marks where the two texts differ, without cutting a surrogate pair', () => {
    expect(differingSpan('abcXYZdef', 'abcQdef')).toEqual({ start: 3, end: 3 });
    expect(differingSpan('same', 'same')).toEqual({ start: 4, end: 0 });
    expect(differingSpan('abc', 'abcdef')).toEqual({ start: 3, end: 0 });
    // 😀 and 😃 share their high surrogate: the span starts before it.
    expect(differingSpan('a😀b', 'a😃b')).toEqual({ start: 1, end: 1 });
  });

  it('keeps both: shared paragraphs once, then the writer’s part and the other side’s, marked', () => {
    const base = 'one\ntwo';
    const mine = { name: 'T', content: `${base}\nmine A\nmine B\nlast` };
    const theirs = { name: 'T', content: `${base}\ntheirs C\nlast` };
    const both = keepBoth(mine, theirs, labels, CHAPTER_SHAPE);
    expect(both).toEqual({
      name: 'T',
      content: 'one\ntwo\n[mine]\nmine A\nmine B\n[theirs]\ntheirs C\n[end]\nlast',
    });
    expect(containsAll(both.content, mine.content)).toBe(true);
    expect(containsAll(both.content, theirs.content)).toBe(true);
  });

  it('keeps a long paragraph both sides added to once, marking only the two endings', () => {
    const body = '雨落了一整夜，'.repeat(300);
    const mine = { name: 'T', content: `开头\n${body}我写的结尾。` };
    const theirs = { name: 'T', content: `开头\n${body}另一台设备的结尾。` };
    const both = keepBoth(mine, theirs, labels, CHAPTER_SHAPE).content;
    expect(both.split(body)).toHaveLength(2);
    expect(both).toBe(`开头\n${body}\n[mine]\n我写的结尾。\n[theirs]\n另一台设备的结尾。`);
    expect(containsAll(both, mine.content)).toBe(true);
    expect(containsAll(both, theirs.content)).toBe(true);
  });

  it('keeps both when the versions share nothing, and names the other title when it differs', () => {
    const mine = { name: 'Mine', content: '我的第一段\n我的第二段' };
    const theirs = { name: 'Theirs', content: '他们的文字' };
    const both = resolveChapterConflict('both', mine, theirs, labels);
    expect(both.name).toBe('Mine');
    expect(both.content).toBe('[mine]\n我的第一段\n我的第二段\n[theirs: Theirs]\n他们的文字');
  });

  it('keeps every character of both versions for random edits of one base', () => {
    const rand = (seed: number) => () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const next = rand(7);
    const pick = (s: string) => s[Math.floor(next() * s.length)]!;
    const para = () =>
      Array.from({ length: 1 + Math.floor(next() * 8) }, () => pick('春夏秋冬山水abc ')).join('');
    for (let round = 0; round < 200; round += 1) {
      const base = Array.from({ length: 1 + Math.floor(next() * 6) }, para);
      const edit = () => {
        const p = [...base];
        const at = Math.floor(next() * (p.length + 1));
        p.splice(
          at,
          Math.floor(next() * 2),
          ...Array.from({ length: Math.floor(next() * 3) }, para),
        );
        return p.join('\n');
      };
      const mine = { name: 'n', content: edit() };
      const theirs = { name: 'n', content: edit() };
      const both = resolveChapterConflict('both', mine, theirs, labels).content;
      expect(containsAll(both, mine.content)).toBe(true);
      expect(containsAll(both, theirs.content)).toBe(true);
    }
  });

  it('keeps one version whole when the writer chooses it; equal versions need no marks', () => {
    const mine = { name: 'A', content: 'mine' };
    const theirs = { name: 'B', content: 'theirs' };
    expect(resolveChapterConflict('mine', mine, theirs, labels)).toEqual(mine);
    expect(resolveChapterConflict('theirs', mine, theirs, labels)).toEqual(theirs);
    expect(resolveChapterConflict('both', mine, { ...mine }, labels)).toEqual(mine);
  });

  it('merges any text by its shape: a world keeps its title and both backgrounds', () => {
    const shape = { body: 'background', title: 'title' } as const;
    const base = '群岛之间只有潮汐。\n灯塔守着最后的航道。';
    const mine = { title: '潮汐', background: `${base}\n守灯人的女儿回来了。` };
    const theirs = { title: '潮汐群岛', background: `${base}\n海盗在北岛登陆。` };
    const both = resolveConflict('both', mine, theirs, labels, shape);
    expect(both).toEqual({
      title: '潮汐',
      background: `${base}\n[mine]\n守灯人的女儿回来了。\n[theirs: 潮汐群岛]\n海盗在北岛登陆。`,
    });
    expect(both.background.split(base)).toHaveLength(2);
    // Only the titles differ: the body stays as it is, the other title is named once.
    const renamed = resolveConflict('both', mine, { ...mine, title: '别名' }, labels, shape);
    expect(renamed.title).toBe('潮汐');
    expect(renamed.background).toContain('[theirs: 别名]');
    // A version with a body only (a message) merges the same way.
    const message = resolveConflict(
      'both',
      { content: '我走进酒馆。' },
      { content: '我走进酒馆，坐下。' },
      labels,
      { body: 'content' },
    );
    expect(message.content).toBe('[mine]\n我走进酒馆。\n[theirs]\n我走进酒馆，坐下。');
  });

  it('keeps a closing quote with the sentence its mark ends', () => {
    const base = '“走吧，”她说，“天亮之前，我们必须离开。”';
    const both = resolveConflict(
      'both',
      { content: `${base}这里写的。` },
      { content: `${base}另一处写的。` },
      labels,
      { body: 'content' },
    );
    expect(both.content).toBe(`${base}\n[mine]\n这里写的。\n[theirs]\n另一处写的。`);
  });
});
