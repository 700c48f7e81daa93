import { describe, expect, it } from 'vitest';
import type { VipStatus } from '@/api/payment';
import { isVip, userType } from './user-type';

const status = (over: Partial<VipStatus>): VipStatus => ({
  autoRenew: false,
  autoRenewTime: 0,
  stripeAuto: false,
  effectTime: 1000,
  expiresTime: 2000,
  viptype: 1,
  ...over,
});

describe('userType', () => {
  it('free without a status, with viptype 0, or outside [effectTime, expiresTime)', () => {
    expect(userType(null, 1500)).toBe('free');
    expect(userType(status({ viptype: 0 }), 1500)).toBe('free');
    expect(userType(status({}), 999)).toBe('free');
    expect(userType(status({}), 2000)).toBe('free');
    expect(userType(status({ autoRenew: true }), 2001)).toBe('free');
  });

  it('vip_nosub inside the window without auto-renew, vip_sub with it', () => {
    expect(userType(status({}), 1000)).toBe('vip_nosub');
    expect(userType(status({}), 1999)).toBe('vip_nosub');
    expect(userType(status({ autoRenew: true, autoRenewTime: 2000 }), 1500)).toBe('vip_sub');
    expect(isVip(status({}), 1500)).toBe(true);
  });
});
