import { describe, expect, it } from 'vitest';
import enEvents from '@/locales/en/events.json';
import zhEvents from '@/locales/zh/events.json';
import { clock } from '../clock';
import { LATEST_RELEASE_VERSION, activitiesIn } from './events';
import { ORIGIN, expectError, get } from './test-client';

/** A call with a chosen `lang` header (or none). */
async function withLang(path: string, lang: string | null) {
  const headers: Record<string, string> = { ostype: 'web' };
  if (lang !== null) headers.lang = lang;
  const res = await fetch(ORIGIN + path, { headers });
  return { status: res.status, body: await res.json() };
}

describe('GET /api/v1/releases', () => {
  it('answers the release history newest first, the newest being LATEST_RELEASE_VERSION', async () => {
    const res = await get('/api/v1/releases');
    expect(res.status).toBe(200);
    expect(res.body.data[0].version).toBe(LATEST_RELEASE_VERSION);
    const times = res.body.data.map((r: { released_at: number }) => r.released_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(res.body.data.map((r: { version: string }) => r.version)).toContain('1.0.0');
    for (const r of res.body.data) expect(r.notes.length).toBeGreaterThan(0);
    expect(res.body.data[0].title).toBe('探索存档点');
  });

  it('speaks English when asked', async () => {
    const res = await withLang('/api/v1/releases', 'en');
    expect(res.body.data[0].title).toBe('Exploration save points');
  });

  it('refuses a missing or unknown lang (42200)', async () => {
    for (const lang of [null, 'fr', 'zh-TW']) {
      const res = await withLang('/api/v1/releases', lang);
      expectError(res, 42200);
    }
  });
});

describe('GET /api/v1/activities', () => {
  it('answers the daily 500-power promotion and activity-power events, ongoing first', async () => {
    const res = await get('/api/v1/activities');
    expect(res.status).toBe(200);
    const daily = res.body.data.find((a: { kind: string }) => a.kind === 'daily_power');
    expect(daily).toMatchObject({ power: 500, status: 'ongoing' });
    const order = { ongoing: 0, upcoming: 1, ended: 2 } as const;
    const ranks = res.body.data.map((a: { status: keyof typeof order }) => order[a.status]);
    expect(ranks).toEqual([...ranks].sort());
    expect(new Set(ranks)).toEqual(new Set([0, 1, 2]));
    const now = clock.nowS();
    for (const a of res.body.data) {
      expect(a.starts_at).toBeLessThan(a.ends_at);
      if (a.status === 'ongoing') expect(a.starts_at <= now && now <= a.ends_at).toBe(true);
    }
  });

  it('dates the events from the mock clock', () => {
    const later = clock.nowS() + 400 * 86_400;
    const now = activitiesIn('zh');
    const then = activitiesIn('zh', later);
    const daily = (xs: typeof now) => xs.find((a) => a.kind === 'daily_power')!;
    expect(daily(then).starts_at).toBeGreaterThan(daily(now).starts_at);
    expect(daily(then).status).toBe('ongoing');
  });

  it('speaks English when asked and refuses a missing lang (42200)', async () => {
    const en = await withLang('/api/v1/activities', 'en');
    expect(en.body.data[0].title).toMatch(/power/i);
    expectError(await withLang('/api/v1/activities', null), 42200);
  });

  it("never repeats a sentence of the page's how-to text in an event's description", () => {
    const cases = [
      ['en', enEvents.active.how, /(?<=[.!?])\s+/],
      ['zh', zhEvents.active.how, /(?<=[。！？；])/],
    ] as const;
    for (const [lang, how, split] of cases) {
      for (const a of activitiesIn(lang)) {
        const sentences = Object.values(how[a.kind])
          .flatMap((text) => text.split(split))
          .map((x) => x.trim())
          .filter((x) => x.length > 0);
        for (const sentence of sentences) expect(a.description).not.toContain(sentence);
        expect(a.description.length).toBeGreaterThan(20);
      }
    }
  });
});
