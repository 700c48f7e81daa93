import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatShareTime, RELATIVE_UNTIL_S } from './share-time';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const ago = (s: number) => NOW / 1000 - s;

describe('formatShareTime', () => {
  it('reads as just now under a minute, and for a time slightly in the future', () => {
    expect(formatShareTime(ago(20), NOW, 'en').text).toBe('now');
    expect(formatShareTime(ago(-30), NOW, 'en').text).toBe('now');
    expect(formatShareTime(ago(5), NOW, 'zh').text).toBe('现在');
  });

  it('counts minutes, hours and days in the UI language', () => {
    expect(formatShareTime(ago(5 * 60 + 10), NOW, 'en').text).toBe('5 minutes ago');
    expect(formatShareTime(ago(3 * 3600), NOW, 'en').text).toBe('3 hours ago');
    expect(formatShareTime(ago(86_400 + 60), NOW, 'en').text).toBe('yesterday');
    expect(formatShareTime(ago(3 * 86_400), NOW, 'en').text).toBe('3 days ago');
    expect(formatShareTime(ago(5 * 60), NOW, 'zh').text).toBe('5分钟前');
    expect(formatShareTime(ago(86_400), NOW, 'zh').text).toBe('昨天');
  });

  it('shows the short date (lib/date-format) after a week', () => {
    const old = formatShareTime(ago(RELATIVE_UNTIL_S + 86_400), NOW, 'en');
    expect(old.text).toBe('Nov 17, 2026');
    expect(formatShareTime(ago(RELATIVE_UNTIL_S + 86_400), NOW, 'zh').text).toBe('2026/11/17');
    const lastYear = formatShareTime(Date.UTC(2025, 0, 3, 12) / 1000, NOW, 'en');
    expect(lastYear.text).toBe('Jan 3, 2025');
    expect(formatShareTime(Date.UTC(2025, 0, 3, 12) / 1000, NOW, 'zh').text).toBe('2025/01/03');
  });

  it('gives the exact moment for the time element', () => {
    const t = formatShareTime(ago(90), NOW, 'en');
    expect(t.iso).toBe(new Date(NOW - 90_000).toISOString());
    expect(t.full).toMatch(/2026/);
  });
});

describe('shareTimeSteps', () => {
  const { DateTimeFormat, RelativeTimeFormat } = Intl;
  afterEach(() => {
    Object.assign(Intl, { DateTimeFormat, RelativeTimeFormat });
  });

  it('makes one formatter a step, and with them every formatter a card uses', async () => {
    let made = 0;
    Object.assign(Intl, {
      DateTimeFormat: class extends DateTimeFormat {
        constructor(...args: ConstructorParameters<typeof DateTimeFormat>) {
          super(...args);
          made += 1;
        }
      },
      RelativeTimeFormat: class extends RelativeTimeFormat {
        constructor(...args: ConstructorParameters<typeof RelativeTimeFormat>) {
          super(...args);
          made += 1;
        }
      },
    });
    // A fresh copy of the module: no formatter made yet.
    vi.resetModules();
    const fresh = await import('./share-time');
    for (const step of fresh.shareTimeSteps('zh')) {
      const before = made;
      step();
      expect(made - before).toBe(1);
    }
    const before = made;
    fresh.formatShareTime(ago(90), NOW, 'zh');
    fresh.formatShareTime(ago(3 * 86_400), NOW, 'zh');
    expect(fresh.formatShareTime(ago(RELATIVE_UNTIL_S + 86_400), NOW, 'zh').text).toBe(
      '2026/11/17',
    );
    fresh.formatShareTime(Date.UTC(2025, 0, 3, 12) / 1000, NOW, 'zh');
    expect(made).toBe(before);
  });
});
