import type { PayType } from '@/api/payment';

/** The ways to pay the dialogs offer. */
export type PayMethod = 'weixin' | 'alipay';

/** Spec 2 §2, §5, §9: alipay is type 2, anything else type 3 (weixin). */
export function payTypeOf(method: string): PayType {
  return method === 'alipay' ? 2 : 3;
}

/** The methods a product takes, in the order the dialogs offer them. */
export function methodsOf(payTypes: readonly PayType[]): PayMethod[] {
  const methods: PayMethod[] = [];
  if (payTypes.includes(3)) methods.push('weixin');
  if (payTypes.includes(2)) methods.push('alipay');
  return methods;
}
