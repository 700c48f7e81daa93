import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatTimeOfDay, fromSeconds } from './date-format';

// Local times, so the expectations hold in any time zone.
const EVENING = new Date(2026, 11, 7, 18, 5);
const MORNING = new Date(2026, 0, 3, 9, 4);

describe('formatDate: one long and one short style per language', () => {
  it('zh: 年月日 long, numeric short, 24-hour times', () => {
    expect(formatDate(EVENING, 'zh', 'long')).toBe('2026年12月7日');
    expect(formatDate(EVENING, 'zh', 'long', { time: true })).toBe('2026年12月7日 18:05');
    expect(formatDate(EVENING, 'zh', 'short')).toBe('2026/12/07');
    expect(formatDate(MORNING, 'zh', 'short', { time: true })).toBe('2026/01/03 09:04');
  });

  it('en: month named in full or short, the 24-hour clock too', () => {
    expect(formatDate(EVENING, 'en', 'long')).toBe('December 7, 2026');
    expect(formatDate(EVENING, 'en', 'long', { time: true })).toMatch(/^December 7, 2026.* 18:05$/);
    expect(formatDate(EVENING, 'en', 'short')).toBe('Dec 7, 2026');
    expect(formatDate(MORNING, 'en', 'short', { time: true })).toBe('Jan 3, 2026, 09:04');
    expect(formatDate(EVENING, 'en', 'short', { time: true })).not.toMatch(/AM|PM/i);
  });

  it('takes milliseconds as well as a Date; server seconds through fromSeconds', () => {
    const ms = EVENING.getTime();
    expect(formatDate(ms, 'en', 'short')).toBe('Dec 7, 2026');
    expect(formatDate(fromSeconds(ms / 1000), 'zh', 'short')).toBe('2026/12/07');
  });

  it('anything but en reads as zh (the default language)', () => {
    expect(formatDate(EVENING, 'zh-CN', 'short')).toBe('2026/12/07');
    expect(formatDate(EVENING, 'fr', 'long')).toBe('2026年12月7日');
  });
});

describe('formatTimeOfDay', () => {
  it('is hours and minutes on the 24-hour clock in both languages', () => {
    expect(formatTimeOfDay(EVENING, 'zh')).toBe('18:05');
    expect(formatTimeOfDay(EVENING, 'en')).toBe('18:05');
    expect(formatTimeOfDay(MORNING, 'en')).toBe('09:04');
    expect(formatTimeOfDay(new Date(2026, 0, 3, 0, 30), 'en')).toBe('00:30');
  });
});

describe('formatters are made once', () => {
  const { DateTimeFormat } = Intl;
  afterEach(() => {
    Object.assign(Intl, { DateTimeFormat });
    vi.resetModules();
  });

  it('one per step, then none when formatting', async () => {
    let made = 0;
    Object.assign(Intl, {
      DateTimeFormat: class extends DateTimeFormat {
        constructor(...args: ConstructorParameters<typeof DateTimeFormat>) {
          super(...args);
          made += 1;
        }
      },
    });
    vi.resetModules();
    const fresh = await import('./date-format');
    const steps = fresh.dateFormatSteps('en', [{ style: 'short' }, { style: 'short', time: true }]);
    for (const step of steps) {
      const before = made;
      step();
      expect(made - before).toBe(1);
    }
    const before = made;
    fresh.formatDate(EVENING, 'en', 'short');
    fresh.formatDate(MORNING, 'en', 'short', { time: true });
    expect(made).toBe(before);
  });
});
