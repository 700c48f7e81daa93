import { describe, expect, it } from 'vitest';
import type { SubscriptionProduct } from '@/api/payment';
import { packName, payablePrice, retentionOffer, visibleSubscriptions } from './products';

const product = (over: Partial<SubscriptionProduct>): SubscriptionProduct => ({
  id: 'p',
  name: 'P',
  price: 30,
  original_price: 30,
  hot: false,
  hot_desc: '',
  pay_types: [2, 3],
  auto_renew: false,
  duration: 30,
  items: [],
  promotion: null,
  ...over,
});

describe('visibleSubscriptions', () => {
  it('shows a duplicate name once (the first of the name stays)', () => {
    const shown = visibleSubscriptions([
      product({ id: 'a', name: '月度会员', price: 30 }),
      product({ id: 'b', name: '月度会员', price: 35 }),
      product({ id: 'c', name: '年度会员' }),
    ]);
    expect(shown.map((p) => p.id)).toEqual(['a', 'c']);
  });

  it('skips promotions whose promotion.available is false, keeps available ones', () => {
    const shown = visibleSubscriptions([
      product({
        id: 'gone',
        name: 'X',
        promotion: { name: 'x', available: false, discount_price: 1 },
      }),
      product({
        id: 'on',
        name: 'Y',
        promotion: { name: 'y', available: true, discount_price: 9.9 },
      }),
    ]);
    expect(shown.map((p) => p.id)).toEqual(['on']);
  });

  it('a skipped promotion does not take the name from a later product', () => {
    const shown = visibleSubscriptions([
      product({
        id: 'gone',
        name: 'X',
        promotion: { name: 'x', available: false, discount_price: 1 },
      }),
      product({ id: 'x', name: 'X' }),
    ]);
    expect(shown.map((p) => p.id)).toEqual(['x']);
  });

  it('clears the other hot labels when a hot description mentions a first-month offer', () => {
    const shown = visibleSubscriptions([
      product({ id: 'q', name: 'Q', hot: true, hot_desc: '最受欢迎' }),
      product({ id: 'f', name: 'F', hot: true, hot_desc: '首月仅需 9.9 元' }),
      product({ id: 'y', name: 'Y', hot: true, hot_desc: 'Save 122' }),
    ]);
    expect(shown.map((p) => [p.id, p.hot, p.hot_desc])).toEqual([
      ['q', false, ''],
      ['f', true, '首月仅需 9.9 元'],
      ['y', false, ''],
    ]);
  });

  it('an English first-month description counts too; without one the labels stay', () => {
    expect(
      visibleSubscriptions([
        product({ id: 'a', name: 'A', hot: true, hot_desc: 'Popular' }),
        product({ id: 'b', name: 'B', hot: true, hot_desc: 'First month 9.9' }),
      ]).map((p) => p.hot),
    ).toEqual([false, true]);
    expect(
      visibleSubscriptions([
        product({ id: 'a', name: 'A', hot: true, hot_desc: 'Popular' }),
        product({ id: 'b', name: 'B', hot: true, hot_desc: '限时' }),
      ]).map((p) => p.hot),
    ).toEqual([true, true]);
  });

  it('a first-month text on a product that is not hot clears nothing', () => {
    expect(
      visibleSubscriptions([
        product({ id: 'a', name: 'A', hot: true, hot_desc: 'Popular' }),
        product({ id: 'b', name: 'B', hot: false, hot_desc: '首月' }),
      ]).map((p) => p.hot),
    ).toEqual([true, false]);
  });
});

describe('payablePrice and retentionOffer', () => {
  it('a promotion is bought at its discount price; the offer is the first available promotion', () => {
    const promo = product({
      id: 'f',
      promotion: { name: 'f', available: true, discount_price: 9.9 },
    });
    expect(payablePrice(promo)).toBe(9.9);
    expect(payablePrice(product({ price: 30 }))).toBe(30);
    expect(retentionOffer([product({}), promo])?.id).toBe('f');
    expect(
      retentionOffer([product({ promotion: { name: 'x', available: false, discount_price: 1 } })]),
    ).toBeNull();
  });
});

describe('packName', () => {
  it('strips Chinese characters, spaces and "words" in any case', () => {
    expect(packName('3000 words 体验包')).toBe('3000');
    expect(packName('50000Words 超值包')).toBe('50000');
    expect(packName('1000000 WORDS 会员大包')).toBe('1000000');
    expect(packName('Power pack 能量包')).toBe('Powerpack');
    expect(packName('10000 words，全能包')).toBe('10000');
  });
});
