import type { OrderBody, PayType, PowerPack, SubscriptionProduct } from '@/api/payment';
import { packName, payablePrice } from './products';

/** What a pay dialog sells: a membership product or a power pack, in one shape. */
export interface Purchase {
  productId: string;
  productType: 'subscription' | 'pack';
  /** The name as shown (a pack's name is stripped, spec 2 §2). */
  name: string;
  price: number;
  originalPrice: number;
  payTypes: PayType[];
  /** Power the purchase gives (a pack's quantity, a membership's gift); 0 when none. */
  power: number;
  autoRenew: boolean;
  scene: OrderBody['pay_scene'];
}

export function subscriptionPurchase(
  p: SubscriptionProduct,
  scene: OrderBody['pay_scene'],
): Purchase {
  return {
    productId: p.id,
    productType: 'subscription',
    name: p.name,
    price: payablePrice(p),
    originalPrice: p.original_price,
    payTypes: p.pay_types,
    power: p.items.reduce((sum, item) => sum + item.quantity, 0),
    autoRenew: p.auto_renew,
    scene,
  };
}

export function packPurchase(p: PowerPack): Purchase {
  return {
    productId: p.id,
    productType: 'pack',
    name: packName(p.name),
    price: p.price,
    originalPrice: p.original_price,
    payTypes: p.pay_types,
    power: p.quantity,
    autoRenew: false,
    scene: 'package',
  };
}

/** A price in yuan: two decimals at most, trailing zeros trimmed (9.9, 25, 0.5). */
export function formatPrice(value: number): string {
  return String(Math.round(value * 100) / 100);
}
