import { describe, expect, it } from 'vitest';
import { methodsOf, payTypeOf } from './pay-type';

describe('payTypeOf', () => {
  it('alipay is 2, anything else 3', () => {
    expect(payTypeOf('alipay')).toBe(2);
    expect(payTypeOf('weixin')).toBe(3);
    expect(payTypeOf('card')).toBe(3);
    expect(payTypeOf('')).toBe(3);
    expect(payTypeOf('Alipay')).toBe(3);
  });

  it('offers the methods a product takes', () => {
    expect(methodsOf([2, 3])).toEqual(['weixin', 'alipay']);
    expect(methodsOf([3])).toEqual(['weixin']);
    expect(methodsOf([2])).toEqual(['alipay']);
  });
});
