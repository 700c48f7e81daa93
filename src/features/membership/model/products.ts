import type { PowerPack, SubscriptionProduct } from '@/api/payment';

/** A hot description that announces a first-month offer (Chinese or English copy). */
const FIRST_MONTH = /首月|first[\s-]*month/i;

export function mentionsFirstMonth(hotDesc: string): boolean {
  return FIRST_MONTH.test(hotDesc);
}

/**
 * The membership screen's products (spec 2 §2, §5), in the server's order:
 * - a promotional product whose `promotion.available` is false is skipped;
 * - a name already shown is not shown again (the first product of a name stays);
 * - when a shown hot product's description mentions a first-month offer, every other
 *   product's hot label is cleared (that offer is the one highlighted).
 */
export function visibleSubscriptions(products: readonly SubscriptionProduct[]) {
  const seen = new Set<string>();
  const shown: SubscriptionProduct[] = [];
  for (const p of products) {
    if (p.promotion && !p.promotion.available) continue;
    if (seen.has(p.name)) continue;
    seen.add(p.name);
    shown.push(p);
  }
  const offer = shown.find((p) => p.hot && mentionsFirstMonth(p.hot_desc));
  if (!offer) return shown;
  return shown.map((p) => (p === offer || !p.hot ? p : { ...p, hot: false, hot_desc: '' }));
}

/** The price a product is bought at: the promotion's discount price when it has one. */
export function payablePrice(p: SubscriptionProduct): number {
  return p.promotion?.available ? p.promotion.discount_price : p.price;
}

/** The promotional product offered by the retention pop-up, if any (the first available one). */
export function retentionOffer(products: readonly SubscriptionProduct[]) {
  return products.find((p) => p.promotion?.available) ?? null;
}

/**
 * A power pack's name as shown (spec 2 §2): Chinese characters, spaces and the word "words"
 * (any case) removed; "10000 words 能量包" → "10000".
 */
export function packName(name: string): string {
  return name
    .replace(/words/gi, '')
    .replace(/[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/gu, '')
    .replace(/\s+/g, '');
}

export type { PowerPack, SubscriptionProduct };
