import { describe, it, expect } from 'vitest';
import { formatCount } from './number-format';

describe('formatCount zh', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [999, '999'],
    [1000, '1000'],
    [9999, '9999'],
  ])('shows %d below 10,000 as a plain integer', (n, out) => {
    expect(formatCount(n, 'zh')).toBe(out);
  });

  it.each([
    [10000, '1万'],
    [12345, '1.23万'],
    [15000, '1.5万'],
    [10100, '1.01万'],
    [10050, '1.01万'], // exact half rounds up
    [10049, '1万'],
    [123456, '12.35万'],
    [9990000, '999万'],
    [99994999, '9999.5万'],
  ])('shows %d in 万', (n, out) => {
    expect(formatCount(n, 'zh')).toBe(out);
  });

  it.each([
    [100000000, '1亿'],
    [123456789, '1.23亿'],
    [250000000, '2.5亿'],
    [1e12, '10000亿'],
  ])('shows %d in 亿', (n, out) => {
    expect(formatCount(n, 'zh')).toBe(out);
  });

  it('carries across a unit boundary when rounding reaches it', () => {
    expect(formatCount(99999999, 'zh')).toBe('1亿');
    expect(formatCount(99999950, 'zh')).toBe('1亿');
    expect(formatCount(99995000, 'zh')).toBe('9999.5万');
    expect(formatCount(99999949, 'zh')).toBe('9999.99万');
    expect(formatCount(9999.6, 'zh')).toBe('1万');
    expect(formatCount(9999.4, 'zh')).toBe('9999');
  });
});

describe('formatCount en', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
  ])('shows %d below 1000 as a plain integer', (n, out) => {
    expect(formatCount(n, 'en')).toBe(out);
  });

  it.each([
    [1000, '1k'],
    [1234, '1.23k'],
    [1500, '1.5k'],
    [1005, '1.01k'],
    [1004, '1k'],
    [10000, '10k'],
    [12345, '12.35k'],
    [999000, '999k'],
    [999994, '999.99k'],
  ])('shows %d in k', (n, out) => {
    expect(formatCount(n, 'en')).toBe(out);
  });

  it.each([
    [1000000, '1M'],
    [2500000, '2.5M'],
    [1234567, '1.23M'],
    [1e9, '1B'],
    [1.5e9, '1.5B'],
    [1e12, '1000B'],
  ])('shows %d in M / B', (n, out) => {
    expect(formatCount(n, 'en')).toBe(out);
  });

  it('carries across a unit boundary when rounding reaches it', () => {
    expect(formatCount(999999, 'en')).toBe('1M');
    expect(formatCount(999995, 'en')).toBe('1M');
    expect(formatCount(999999999, 'en')).toBe('1B');
    expect(formatCount(999.5, 'en')).toBe('1k');
    expect(formatCount(999.4, 'en')).toBe('999');
  });
});

describe('formatCount sign and odd input', () => {
  it('keeps the sign of negative numbers', () => {
    expect(formatCount(-5, 'en')).toBe('-5');
    expect(formatCount(-1500, 'en')).toBe('-1.5k');
    expect(formatCount(-999999, 'en')).toBe('-1M');
    expect(formatCount(-12345, 'zh')).toBe('-1.23万');
    expect(formatCount(-9999, 'zh')).toBe('-9999');
  });

  it('never shows "-0"', () => {
    expect(formatCount(-0, 'en')).toBe('0');
    expect(formatCount(-0.4, 'zh')).toBe('0');
  });

  it('rounds fractional plain numbers to integers', () => {
    expect(formatCount(12.5, 'en')).toBe('13');
    expect(formatCount(12.4, 'zh')).toBe('12');
  });

  it('handles NaN and Infinity', () => {
    expect(formatCount(Number.NaN, 'en')).toBe('0');
    expect(formatCount(Number.POSITIVE_INFINITY, 'zh')).toBe('∞');
    expect(formatCount(Number.NEGATIVE_INFINITY, 'en')).toBe('-∞');
  });
});
