/**
 * The mock's served names in English: membership plans, power packs, their "hot" tags and
 * promotion names, the chat models and the ads. The catalogues (payments.ts,
 * handlers/exploration-store.ts, handlers/account.ts) hold the Chinese, the server's default;
 * an answer to a request whose `lang` header is English (`en`, `en-US` …) takes these instead
 * (the contract's `lang`: strings come in the request's language).
 *
 * Pack names keep the shape the client strips (spec 2 §2: Chinese characters, spaces and
 * "words" removed), so the English ones show the same number.
 */

export type ServedLang = 'zh' | 'en';

/** The language of served copy: an English `lang` header is English, anything else Chinese. */
export function servedLang(request: Request): ServedLang {
  return (request.headers.get('lang') ?? '').trim().toLowerCase().startsWith('en') ? 'en' : 'zh';
}

export interface ProductText {
  name: string;
  hot_desc: string;
  /** The promotion's own name, for a promotional product. */
  promotion?: string;
}

/** Subscription products (and promotions) by product id. */
export const EN_SUBSCRIPTIONS: Readonly<Record<string, ProductText>> = {
  sub_month_auto: { name: 'Monthly, auto-renewing', hot_desc: '' },
  sub_month: { name: 'One month', hot_desc: '' },
  // The same name as sub_month, as in Chinese: the client shows duplicate names once.
  sub_month_legacy: { name: 'One month', hot_desc: '' },
  sub_quarter: { name: 'Three months', hot_desc: 'Most popular' },
  sub_year: { name: 'One year', hot_desc: 'Save ¥122' },
  promo_first_month: {
    name: 'First-month offer, monthly auto-renewing',
    hot_desc: 'First month only ¥9.9',
    promotion: 'First-month offer',
  },
  promo_new_year: {
    name: 'Spring Festival year pass',
    hot_desc: 'Limited time',
    promotion: 'Spring Festival offer',
  },
};

/** Power packs by product id. */
export const EN_PACKS: Readonly<Record<string, ProductText>> = {
  pack_3k: { name: '3000 words', hot_desc: '' },
  pack_10k: { name: '10000 words', hot_desc: '' },
  pack_50k: { name: '50000Words', hot_desc: 'Best value' },
  pack_200k: { name: '200000 words', hot_desc: '' },
  // The same as the client's members-only badge, which it then shows once.
  pack_1m: { name: '1000000 WORDS', hot_desc: 'Members only' },
};

/** Chat models by model id. */
export const EN_MODELS: Readonly<Record<string, { name: string; description: string }>> = {
  m_standard: {
    name: 'Inkworld Standard',
    description: 'Balanced role-play in Chinese and English.',
  },
  m_pro: { name: 'Inkworld Pro', description: 'Longer, richer replies; for members.' },
  m_swift: { name: 'Swift (English only)', description: 'Fast English-only replies.' },
  m_night: { name: 'Night Voyage', description: 'Paused for maintenance.' },
};

/** Ads' titles (also the words drawn on their images) by ad id. */
export const EN_ADS: Readonly<Record<string, string>> = {
  ad_vip: 'Members: 100k power a month',
  ad_square: 'Explore worlds on the square',
};

/** A product or pack with its names in `lang` (unchanged in Chinese or without an English form). */
export function productIn<
  T extends { id: string; name: string; hot_desc: string; promotion?: { name: string } | null },
>(product: T, lang: ServedLang): T {
  if (lang === 'zh') return product;
  const en = EN_SUBSCRIPTIONS[product.id] ?? EN_PACKS[product.id];
  if (!en) return product;
  const out: T = { ...product, name: en.name, hot_desc: en.hot_desc };
  if (product.promotion && en.promotion)
    out.promotion = { ...product.promotion, name: en.promotion };
  return out;
}

/** A chat model with its name and description in `lang`. */
export function modelIn<T extends { id: string; name: string; description: string }>(
  model: T,
  lang: ServedLang,
): T {
  const en = lang === 'en' ? EN_MODELS[model.id] : undefined;
  return en ? { ...model, ...en } : { ...model };
}

/** One way a request broke its operation in the contract (`request-validation.ts`). */
export interface RequestIssue {
  /** header, path, query or body */
  part: string;
  /** The parameter or body key (`character_relationships[0].name`), '' for the body itself. */
  name: string;
  /** The JSON Schema keyword it failed (Ajv's), or `json` for a body that is not JSON. */
  keyword: string;
  params: Record<string, unknown>;
}

const PART_ZH: Readonly<Record<string, string>> = {
  header: '请求头',
  path: '路径参数',
  query: '查询参数',
  body: '请求体',
};

/**
 * The message of a 42200 answer to a request the contract refuses, in the request's language:
 * a missing parameter or key says "missing parameters", anything else names the parameter and
 * what is wrong with it.
 */
export function requestIssueText(request: Request, issue: RequestIssue): string {
  const en = servedLang(request) === 'en';
  const where = en
    ? `${issue.part}${issue.name ? ` ${issue.name}` : ''}`
    : `${PART_ZH[issue.part] ?? issue.part}${issue.name ? ` ${issue.name}` : ''}`;
  const p = issue.params;
  const list = (values: unknown) => (Array.isArray(values) ? values.join(', ') : String(values));
  if (issue.keyword === 'required')
    return en ? `missing parameters: ${where}` : `缺少参数：${where}`;
  const problem: Record<string, [string, string]> = {
    json: ['is not JSON', '不是 JSON'],
    additionalProperties: ['is not a parameter of this operation', '不是此接口的参数'],
    type: [`must be of type ${list(p.type)}`, `类型应为 ${list(p.type)}`],
    enum: [`must be one of: ${list(p.allowedValues)}`, `应为以下之一：${list(p.allowedValues)}`],
    const: [`must be ${String(p.allowedValue)}`, `应为 ${String(p.allowedValue)}`],
    minLength: [`is shorter than ${String(p.limit)}`, `短于 ${String(p.limit)}`],
    maxLength: [`is longer than ${String(p.limit)}`, `长于 ${String(p.limit)}`],
    minProperties: ['is empty', '为空'],
    minItems: [`has fewer than ${String(p.limit)} items`, `少于 ${String(p.limit)} 项`],
    maxItems: [`has more than ${String(p.limit)} items`, `多于 ${String(p.limit)} 项`],
    minimum: [`must be at least ${String(p.limit)}`, `应不小于 ${String(p.limit)}`],
    maximum: [`must be at most ${String(p.limit)}`, `应不大于 ${String(p.limit)}`],
    pattern: ['has characters or a form it may not have', '含有不允许的字符或格式不符'],
  };
  const [problemEn, problemZh] = problem[issue.keyword] ?? ['is not valid', '无效'];
  return en ? `invalid parameters: ${where} ${problemEn}` : `参数无效：${where}${problemZh}`;
}
