import { describe, expect, it } from 'vitest';
import { movedIndex, reorder } from './chapter-order';
import { exportFileName, exportText, sanitizeFileName } from './export-file';
import { canChangeShareStatus, isViewableByLink, shareChoices } from './share-status';
import { titleProblem } from '@/rules/titles';
import { publishBlocker } from './story-rules';

describe('titleProblem', () => {
  it('needs a non-blank title of at most 30 counted characters', () => {
    expect(titleProblem('  ')).toBe('required');
    expect(titleProblem('长'.repeat(30))).toBeNull();
    expect(titleProblem('长'.repeat(31))).toBe('tooLong');
    // English counts per word: 30 words fit, 31 do not.
    expect(titleProblem(Array(30).fill('word').join(' '))).toBeNull();
    expect(titleProblem(Array(31).fill('word').join(' '))).toBe('tooLong');
  });
});

describe('publishBlocker (spec 1 §5)', () => {
  it('answers the code the server would: 42241, 42242, 42248, or null', () => {
    expect(publishBlocker({ name: ' ', word_count: 100 })).toBe(42241);
    expect(publishBlocker({ name: '一', word_count: 0 })).toBe(42242);
    expect(publishBlocker({ name: '一', word_count: 30 })).toBe(42248);
    expect(publishBlocker({ name: '一', word_count: 31 })).toBeNull();
  });
});

describe('share status', () => {
  it('only the author changes it, never once banned', () => {
    expect(canChangeShareStatus('private', true)).toBe(true);
    expect(canChangeShareStatus('private', false)).toBe(false);
    expect(canChangeShareStatus('banned', true)).toBe(false);
  });
  it('offers square, link and private, marking the current one', () => {
    expect(shareChoices('link')).toEqual([
      { value: 'square', current: false },
      { value: 'link', current: true },
      { value: 'private', current: false },
    ]);
    expect(shareChoices('banned').some((c) => c.current)).toBe(false);
  });
  it('a link works for square and link-only stories', () => {
    expect(
      ['square', 'link', 'private', 'banned'].map((s) => isViewableByLink(s as never)),
    ).toEqual([true, true, false, false]);
  });
});

describe('chapter order', () => {
  it('moves within bounds only', () => {
    expect(movedIndex(0, 'up', 3)).toBeNull();
    expect(movedIndex(0, 'down', 3)).toBe(1);
    expect(movedIndex(2, 'down', 3)).toBeNull();
    expect(reorder(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
  });
});

describe('export files', () => {
  const exp = {
    title: '雪夜/行: 上*',
    chapters: [
      { name: '第一章', content: '第一段\n# 不是标题' },
      { name: '第二章', content: '' },
    ],
  };

  it('sanitises file names', () => {
    expect(sanitizeFileName('a/b\\c:d*e?f"g<h>i|j')).toBe('a b c d e f g h i j');
    expect(sanitizeFileName('  ..hidden. ')).toBe('hidden');
    expect(sanitizeFileName('CON')).toBe('CON_');
    expect(sanitizeFileName('///')).toBe('story');
    expect([...sanitizeFileName('长'.repeat(200))]).toHaveLength(80);
    expect(exportFileName(exp, 'md', false)).toBe('雪夜 行 上.md');
    expect(exportFileName({ ...exp, chapters: [exp.chapters[0]!] }, 'txt', true)).toBe(
      '雪夜 行 上 - 第一章.txt',
    );
  });

  it('writes Markdown with headings and escaped line starts', () => {
    expect(exportText(exp, 'md', false)).toBe(
      '# 雪夜/行: 上\\*\n\n## 第一章\n\n第一段\n\n\\# 不是标题\n\n## 第二章\n',
    );
  });

  it('escapes HTML and Markdown that would render as HTML in .md, keeping the text readable', () => {
    const hostile = {
      title: '<img src=x onerror=alert(1)>',
      chapters: [
        {
          name: '<script>alert(1)</script>',
          content: [
            '<iframe src="https://evil.example"></iframe>',
            '[点我](javascript:alert(1)) ![](https://track.example/p.gif) <javascript:alert(1)>',
            '`code` *强调* _斜体_ ~~删除~~ | 表格 |',
            '> 引用',
            '---',
            '===',
            '1. 列表',
            '+ 列表',
            '&lt; 原样 &amp;',
          ].join('\n'),
        },
      ],
    };
    const md = exportText(hostile, 'md', false);
    // No tag, autolink, link or image can open: every < is an entity, every [ escaped.
    expect(md).not.toMatch(/<[a-z!/?]/i);
    expect(md).not.toMatch(/(^|[^\\])\[/m);
    expect(md).not.toMatch(/(^|[^\\])!\[/m);
    expect(md.split('\n\n')).toEqual([
      '# &lt;img src=x onerror=alert(1)&gt;',
      '## &lt;script&gt;alert(1)&lt;/script&gt;',
      '&lt;iframe src="https://evil.example"&gt;&lt;/iframe&gt;',
      '\\[点我\\](javascript:alert(1)) \\!\\[\\](https://track.example/p.gif) &lt;javascript:alert(1)&gt;',
      '\\`code\\` \\*强调\\* \\_斜体\\_ \\~\\~删除\\~\\~ \\| 表格 \\|',
      '&gt; 引用',
      '\\---',
      '\\===',
      '1\\. 列表',
      '\\+ 列表',
      '&amp;lt; 原样 &amp;amp;\n',
    ]);
    // Plain text keeps the chapter exactly as written.
    expect(exportText(hostile, 'txt', true)).toContain('<iframe src="https://evil.example">');
  });

  it('writes plain text with the title and each chapter', () => {
    expect(exportText(exp, 'txt', false)).toBe(
      '雪夜/行: 上*\n\n第一章\n\n第一段\n# 不是标题\n\n第二章\n',
    );
    expect(exportText({ ...exp, chapters: [exp.chapters[0]!] }, 'txt', true)).toBe(
      '第一章\n\n第一段\n# 不是标题\n',
    );
  });
});
