import { describe, expect, it } from 'vitest';
import { plusAmount, rankMark, shouldAutoLoad, showEndText } from './supporters';

describe('rankMark', () => {
  it('gives the top three medals, in order', () => {
    expect(rankMark(0)).toEqual({ kind: 'medal', medal: 'gold', rank: 1 });
    expect(rankMark(1)).toEqual({ kind: 'medal', medal: 'silver', rank: 2 });
    expect(rankMark(2)).toEqual({ kind: 'medal', medal: 'bronze', rank: 3 });
  });

  it('numbers the rest with two digits', () => {
    expect(rankMark(3)).toEqual({ kind: 'number', text: '04', rank: 4 });
    expect(rankMark(9)).toEqual({ kind: 'number', text: '10', rank: 10 });
    expect(rankMark(99)).toEqual({ kind: 'number', text: '100', rank: 100 });
  });
});

describe('plusAmount', () => {
  it('puts a plus before the amount in the number format of each language', () => {
    expect(plusAmount(500, 'zh')).toBe('+500');
    expect(plusAmount(12_000, 'zh')).toBe('+1.2万');
    expect(plusAmount(1500, 'en')).toBe('+1.5k');
    expect(plusAmount(100_000, 'en')).toBe('+100k');
  });
});

describe('shouldAutoLoad', () => {
  it('loads another page when fewer than 15 came back and more exist', () => {
    expect(shouldAutoLoad(14, true)).toBe(true);
    expect(shouldAutoLoad(0, true)).toBe(true);
    expect(shouldAutoLoad(15, true)).toBe(false);
    expect(shouldAutoLoad(20, true)).toBe(false);
  });

  it('not at the end of the list, nor before any page came', () => {
    expect(shouldAutoLoad(3, false)).toBe(false);
    expect(shouldAutoLoad(undefined, true)).toBe(false);
  });
});

describe('showEndText', () => {
  it('only at the end of a list of more than 10', () => {
    expect(showEndText(11, false)).toBe(true);
    expect(showEndText(10, false)).toBe(false);
    expect(showEndText(30, true)).toBe(false);
  });
});
