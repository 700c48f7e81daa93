import { describe, expect, it } from 'vitest';
import { normaliseCopyMap } from '@/api/settings/settings-copy';
import { SETTINGS_COPY } from '../settings-copy';
import { get, session } from './test-client';

describe('GET /api/v1/settings/copy', () => {
  it('names the mock storage address of the text map', async () => {
    expect(await get('/api/v1/settings/copy')).toEqual({
      status: 200,
      body: { oss_url: '/mock-oss/settings-copy.json' },
    });
  });

  it('answers the same to a logged-in caller', async () => {
    const res = await get('/api/v1/settings/copy', await session());
    expect(res.body).toEqual({ oss_url: '/mock-oss/settings-copy.json' });
  });
});

describe('GET /mock-oss/settings-copy.json', () => {
  it('serves the text map that oss_url names', async () => {
    const address = (await get('/api/v1/settings/copy')).body as { oss_url: string };
    const res = await get(address.oss_url);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SETTINGS_COPY);
  });

  it('holds a dozen entries, each with zh-CN and en text', () => {
    const entries = Object.entries(SETTINGS_COPY);
    expect(entries.length).toBeGreaterThanOrEqual(12);
    for (const [id, text] of entries) {
      expect(id).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(text['zh-CN'], id).toMatch(/\S/);
      expect(text.en, id).toMatch(/\S/);
    }
  });

  it("is read in full by the client's normaliser", () => {
    const texts = normaliseCopyMap(SETTINGS_COPY);
    expect(Object.keys(texts)).toEqual(Object.keys(SETTINGS_COPY));
    expect(texts.vip_monthly_power).toEqual({
      zh: '会员每月可获得 10万 能量',
      en: 'Members receive 100k power every month',
    });
  });
});
