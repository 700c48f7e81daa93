import { beforeEach, describe, expect, it } from 'vitest';
import { AUTHOR_UID } from './seed-ids';
import { type Auth, call, session } from './handlers/test-client';
import { EN_ADS, EN_MODELS, EN_PACKS, EN_SUBSCRIPTIONS } from './served-copy';
import { POWER_PACKS, PROMOTION_PRODUCTS, SUBSCRIPTION_PRODUCTS } from './payments';
import { CHAT_MODELS } from './handlers/exploration-store';

const HAN = /\p{Script=Han}/u;
const BRAND = 'bid=inkworld&app_type=30';

let auth: Auth;
beforeEach(async () => {
  auth = await session();
});

type Named = { id: string; name: string; hot_desc?: string; promotion?: { name: string } | null };

async function served(path: string, lang: string): Promise<Named[]> {
  const res = await call('GET', path, { auth, headers: { lang } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Named[];
}

const plans = `/api/v1/payment/v1/subscription/products?${BRAND}&uid=${AUTHOR_UID}&choose_promotion=true`;
const packs = `/api/v1/payment/v1/consumable_products?${BRAND}&category=words`;
const models = '/api/v1/settings/chat_writing_models';
const ads = '/get_ad_list';

/** Every served text of a row: names, the hot tag, the promotion's name, an ad's title. */
const texts = (rows: Named[]) =>
  rows.flatMap((r) => {
    const row = r as Named & { title?: string; description?: string };
    return [row.name, row.hot_desc, row.promotion?.name, row.title, row.description].filter(
      (t): t is string => !!t,
    );
  });

describe('served names follow the request’s lang', () => {
  it('an English request gets English plan, pack, tag, model and ad names', async () => {
    for (const lang of ['en', 'en-US']) {
      const plansEn = await served(plans, lang);
      expect(plansEn.map((p) => p.name)).toContain('First-month offer, monthly auto-renewing');
      expect(plansEn.find((p) => p.id === 'sub_quarter')?.hot_desc).toBe('Most popular');
      expect(plansEn.find((p) => p.id === 'promo_first_month')?.promotion?.name).toBe(
        'First-month offer',
      );
      const packsEn = await served(packs, lang);
      expect(packsEn.find((p) => p.id === 'pack_50k')).toMatchObject({
        name: '50000Words',
        hot_desc: 'Best value',
      });
      const modelsEn = await served(models, lang);
      expect(modelsEn.find((m) => m.id === 'm_standard')?.name).toBe('Inkworld Standard');
      const adsEn = await served(ads, lang);
      for (const text of texts([...plansEn, ...packsEn, ...modelsEn, ...adsEn]))
        expect(text).not.toMatch(HAN);
    }
  });

  it('a Chinese request gets the Chinese names', async () => {
    const plansZh = await served(plans, 'zh');
    expect(plansZh.map((p) => p.name)).toContain('首月特惠连续包月');
    expect(plansZh.find((p) => p.id === 'sub_quarter')?.hot_desc).toBe('最受欢迎');
    expect(plansZh.find((p) => p.id === 'promo_first_month')?.promotion?.name).toBe('首月特惠');
    expect((await served(packs, 'zh')).find((p) => p.id === 'pack_50k')).toMatchObject({
      name: '50000Words 超值包',
      hot_desc: '超值',
    });
    const modelsZh = await served(models, 'zh');
    expect(modelsZh.find((m) => m.id === 'm_standard')?.name).toBe('墨境标准');
    for (const m of modelsZh) expect(m.name).not.toMatch(/Inkworld|Night/);
    expect((await served(ads, 'zh')).map((a) => (a as Named & { title: string }).title)).toEqual([
      '会员每月十万能量',
      '去广场看看大家的世界',
    ]);
  });

  it('every catalogue row has an English form, and the English pack names strip to the number', () => {
    for (const p of [...SUBSCRIPTION_PRODUCTS, ...PROMOTION_PRODUCTS])
      expect(EN_SUBSCRIPTIONS[p.id], p.id).toBeDefined();
    for (const p of POWER_PACKS) {
      const en = EN_PACKS[p.id];
      expect(en, p.id).toBeDefined();
      expect(en!.name.replace(/words|\s/gi, '')).toBe(String(p.quantity));
    }
    for (const m of CHAT_MODELS) expect(EN_MODELS[m.id], m.id).toBeDefined();
    expect(Object.keys(EN_ADS)).toEqual(['ad_vip', 'ad_square']);
  });
});
