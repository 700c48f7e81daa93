import { describe, it, expect } from 'vitest';
import { countText, isTooLong } from './text-count';

describe('countText', () => {
  it('counts an empty or blank string as 0', () => {
    expect(countText('')).toBe(0);
    expect(countText('   \t\n\r ')).toBe(0);
    expect(countText('\u3000\u00a0\u200b')).toBe(0); // ideographic space, NBSP, ZWSP
  });

  it('counts each CJK character 1', () => {
    expect(countText('你好')).toBe(2);
    expect(countText('世界和平')).toBe(4);
    expect(countText('ひらがなカタカナ')).toBe(8);
    expect(countText('한국어')).toBe(3);
  });

  it('counts CJK and full-width punctuation 1 each', () => {
    expect(countText('你好，世界。')).toBe(6);
    expect(countText('「」『』！？')).toBe(6);
    expect(countText('（）／・')).toBe(4);
  });

  it('counts a Latin word or a number as 1', () => {
    expect(countText('hello')).toBe(1);
    expect(countText('hello world')).toBe(2);
    expect(countText('  hello   world  ')).toBe(2);
    expect(countText('2024')).toBe(1);
    expect(countText('abc123')).toBe(1);
    expect(countText('3rd')).toBe(1);
  });

  it('treats accented Latin, Greek and Cyrillic letters as word characters', () => {
    expect(countText('café naïve')).toBe(2);
    expect(countText('cafe\u0301')).toBe(1); // decomposed é: combining mark stays in the word
    expect(countText('Привет мир')).toBe(2);
    expect(countText('αβγ')).toBe(1);
  });

  it('treats full-width Latin letters and digits as word characters', () => {
    expect(countText('ＡＢＣ１２３')).toBe(1);
    expect(countText('第１２３章')).toBe(3);
  });

  it('counts other punctuation 1 each', () => {
    expect(countText('!')).toBe(1);
    expect(countText('hello!')).toBe(2);
    expect(countText('hello, world.')).toBe(4);
    expect(countText('...')).toBe(3);
    expect(countText('a + b = c')).toBe(5);
    expect(countText('"quoted"')).toBe(3);
  });

  it('keeps apostrophes and hyphens between word characters inside the word', () => {
    expect(countText("don't")).toBe(1);
    expect(countText('don’t')).toBe(1);
    expect(countText('well-known')).toBe(1);
    expect(countText("students' work")).toBe(3); // trailing apostrophe is punctuation
    expect(countText("'quoted'")).toBe(3);
    expect(countText('- item')).toBe(2);
    expect(countText('a - b')).toBe(3);
    expect(countText('你-好')).toBe(3); // only joins Latin word characters
  });

  it('keeps "." and "," between digits inside a number', () => {
    expect(countText('3.14')).toBe(1);
    expect(countText('1,000,000')).toBe(1);
    expect(countText('v1.2.3')).toBe(1);
    expect(countText('end.Start')).toBe(3); // not between digits
    expect(countText('1.')).toBe(2);
    expect(countText('1.a')).toBe(3);
    expect(countText('.5')).toBe(2);
  });

  it('mixes Chinese per character and English per word', () => {
    expect(countText('我有3个apple.')).toBe(6);
    expect(countText('他说：“Hello, world!”')).toBe(9); // 他 说 ： “ Hello , world ! ”
    expect(countText('iPhone手机')).toBe(3);
    expect(countText('手机iPhone')).toBe(3);
  });

  it('counts a surrogate pair once', () => {
    expect(countText('😀')).toBe(1);
    expect(countText('😀😀')).toBe(2);
    expect(countText('\u{20000}')).toBe(1); // CJK Extension B ideograph
    expect(countText('hi😀there')).toBe(3);
    expect(countText('❤️')).toBe(1); // variation selector is ignored
    expect(countText('\udc00')).toBe(1); // lone low surrogate
    expect(countText('\ud800')).toBe(1); // lone high surrogate
  });

  it('ignores zero-width joiners, soft hyphens and BOM inside a word', () => {
    expect(countText('\ufeffhello')).toBe(1);
    expect(countText('hy\u00adphen')).toBe(1);
  });

  it('never exceeds the UTF-16 length', () => {
    const samples = ['a.b,c', '你好', '😀x', '1,2', "'-'", '\ud800\ud800', ''];
    for (const s of samples) expect(countText(s)).toBeLessThanOrEqual(s.length);
  });
});

describe('isTooLong', () => {
  it('is false at the limit and true one above it', () => {
    expect(isTooLong('一二三四五', 5)).toBe(false);
    expect(isTooLong('一二三四五六', 5)).toBe(true);
  });

  it('uses the word count for Latin text', () => {
    // 5 words, 29 chars: fine under a limit of 5 even though raw length is far above 5
    expect(isTooLong('alpha bravo charlie delta echo', 5)).toBe(false);
    expect(isTooLong('alpha bravo charlie delta echo foxtrot', 5)).toBe(true);
  });

  it('is true when the raw length exceeds ten times the limit even if the count is small', () => {
    const longWord = 'a'.repeat(51); // counts 1
    expect(countText(longWord)).toBe(1);
    expect(isTooLong(longWord, 5)).toBe(true);
    expect(isTooLong('a'.repeat(50), 5)).toBe(false);
    expect(isTooLong(' '.repeat(51), 5)).toBe(true); // whitespace counts 0 but still raw length
  });

  it('handles a zero limit', () => {
    expect(isTooLong('', 0)).toBe(false);
    expect(isTooLong(' ', 0)).toBe(true); // raw length 1 > 0
    expect(isTooLong('a', 0)).toBe(true);
  });

  it('treats the chapter limit of 20,000 by count', () => {
    expect(isTooLong('字'.repeat(20000), 20000)).toBe(false);
    expect(isTooLong('字'.repeat(20001), 20000)).toBe(true);
  });
});

describe('countText performance', () => {
  it('counts 20,000 mixed characters well under 1 ms (median of 200 runs)', () => {
    const unit = '他说：“Hello, world! It’s 3.14 o’clock.” 我有3个apple😀。\n';
    let text = '';
    while (text.length < 20000) text += unit;
    text = text.slice(0, 20000);
    expect(text.length).toBe(20000);

    let sink = 0;
    for (let i = 0; i < 50; i++) sink += countText(text); // warm-up

    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t0 = performance.now();
      sink += countText(text);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const median = times[100] ?? Infinity;
    console.log(
      `countText 20,000 chars: median ${(median * 1000).toFixed(1)} µs, ` +
        `p95 ${((times[190] ?? 0) * 1000).toFixed(1)} µs`,
    );
    expect(sink).toBeGreaterThan(0);
    expect(median).toBeLessThan(2); // target is < 1 ms; 2 ms keeps slow CI from flaking
  });
});
