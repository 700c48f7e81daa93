import { describe, expect, it } from 'vitest';
import { stripBidiControls } from './display-text';

const CONTROLS = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069].map((c) =>
  String.fromCharCode(c),
);

describe('bidi controls in names', () => {
  it('strips every embedding, override and isolate', () => {
    for (const c of CONTROLS) {
      expect(stripBidiControls(`a${c}b${c}`)).toBe('ab');
    }
    expect(stripBidiControls(`\u202Egnp.exe\u202C林月`)).toBe('gnp.exe林月');
  });

  it('leaves other text alone, neighbouring marks included', () => {
    // LRM/RLM (U+200E/F), ZWJ, U+2029 and U+206A are outside the ranges.
    const text = 'שלום world 你好 \u200E\u200F\u200D\u2029\u206A 😀';
    expect(stripBidiControls(text)).toBe(text);
  });
});
