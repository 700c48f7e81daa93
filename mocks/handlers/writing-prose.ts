import { countText } from '@/rules/text-count';
import { EN_PLACES, ZH_PLACES } from '../prose';

/**
 * The mock "model" behind continuation and the lab: seeded sentence banks in Chinese and
 * English, filled with names from the bound world's glossary, never using its forbidden words.
 * Plausible prose, not intelligence: enough to exercise streaming, cards and power rules.
 */

/** Words the mock treats as risky input (spec 1 §6, §8: refused with 42203, no charge). */
export const RISKY_WORDS = [
  '炸药配方',
  '毒品交易',
  '恐怖袭击',
  'bomb recipe',
  'drug deal',
  'terror attack',
];

export function findRisky(text: string): string | null {
  const lower = text.toLowerCase();
  return RISKY_WORDS.find((w) => lower.includes(w)) ?? null;
}

export type ProseLanguage = 'zh' | 'en';

const ZH = [
  '{name}没有回答，只是把目光投向了{place}的方向。',
  '风声渐紧，檐下的铜铃叮当作响，{name}下意识地握紧了袖中的短刀。',
  '“你终于来了。”{name}的声音很轻，却像一块石子落进了深潭。',
  '远处传来几声犬吠，{place}的灯火在雨雾里摇摇晃晃。',
  '{name}想起很多年前的那个黄昏，也是这样的天色，也是这样安静。',
  '桌上的茶早已凉透，{name}却迟迟没有端起来。',
  '门外有人轻轻叩了三下，停了片刻，又叩了两下。',
  '{name}深吸一口气，推开了那扇门。',
  '月光从窗棂间漏进来，在地上铺出一片细碎的银白。',
  '谁也没有想到，真正的变故会在{place}发生。',
  '她把信纸折好，塞进怀里，转身走进了夜色。',
  '“再等一等，”{name}说，“天亮之前，总会有消息。”',
  '马蹄声由远及近，惊起了林间一群宿鸟。',
  '{name}低头看着掌心那道旧伤，忽然笑了。',
];

const EN = [
  '{name} did not answer at once, but turned to look toward {place}.',
  'The wind rose, and the bells under the eaves began to ring.',
  '"You came after all," {name} said quietly.',
  'Far off, the lights of {place} wavered in the rain.',
  '{name} remembered another evening like this one, just as grey and just as still.',
  'The tea on the table had long gone cold.',
  'Someone knocked three times at the door, waited, and knocked twice more.',
  '{name} drew a long breath and pushed the door open.',
  'Moonlight slipped through the shutters and lay in thin silver bars across the floor.',
  'Nobody had expected the trouble to start in {place}.',
  'She folded the letter, tucked it away, and stepped out into the dark.',
  '"Wait a little longer," {name} said. "There will be news before morning."',
  'Hoofbeats came closer and sent a flock of birds up from the trees.',
  '{name} looked down at the old scar across one palm and smiled.',
];

const DEFAULT_NAMES = { zh: ['林远', '沈青'], en: ['Mara', 'Tobias'] };

export interface ProseContext {
  language: ProseLanguage;
  /** Character names from the glossary (entries of type character). */
  names: readonly string[];
  /** Place-like nouns from the glossary (entries of type normal). */
  places: readonly string[];
  forbidden: readonly string[];
}

/** Deterministic PRNG (mulberry32): the same seed gives the same prose. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The language of the text to continue: whichever script dominates its last 400 characters. */
export function detectLanguage(text: string, fallback: ProseLanguage): ProseLanguage {
  const tail = text.slice(-400);
  const cjk = (tail.match(/[\u3400-\u9fff]/g) ?? []).length;
  const latin = (tail.match(/[A-Za-z]+/g) ?? []).length;
  if (cjk === 0 && latin === 0) return fallback;
  return cjk >= latin ? 'zh' : 'en';
}

function containsForbidden(s: string, forbidden: readonly string[]): boolean {
  const lower = s.toLowerCase();
  return forbidden.some((w) => w && lower.includes(w.toLowerCase()));
}

/** Sentences of the bank, filled, that contain no forbidden word. */
function candidates(ctx: ProseContext, random: () => number): () => string | null {
  const clean = (list: readonly string[]) =>
    list.filter((n) => n && !containsForbidden(n, ctx.forbidden));
  const names = clean(ctx.names.length ? ctx.names : DEFAULT_NAMES[ctx.language]);
  const places = clean(
    ctx.places.length ? ctx.places : ctx.language === 'zh' ? ZH_PLACES : EN_PLACES,
  );
  const bank = ctx.language === 'zh' ? ZH : EN;
  return () => {
    for (let tries = 0; tries < bank.length * 2; tries++) {
      const template = bank[Math.floor(random() * bank.length)] ?? '';
      const needsName = template.includes('{name}');
      const needsPlace = template.includes('{place}');
      if ((needsName && !names.length) || (needsPlace && !places.length)) continue;
      const name = names[Math.floor(random() * names.length)] ?? '';
      const place = places[Math.floor(random() * places.length)] ?? '';
      const s = template.replaceAll('{name}', name).replaceAll('{place}', place);
      if (!containsForbidden(s, ctx.forbidden)) return s;
    }
    return null;
  };
}

/**
 * About `length` counted words of prose (spec 1 §5 counting) continuing in `ctx.language`,
 * or '' when nothing can be written without a forbidden word.
 */
export function writeProse(ctx: ProseContext, length: number, seed: number): string {
  const random = seededRandom(seed);
  const next = candidates(ctx, random);
  const parts: string[] = [];
  let count = 0;
  while (count < length) {
    const s = next();
    if (s === null) break;
    parts.push(s);
    count += countText(s);
  }
  return parts.join(ctx.language === 'zh' ? '' : ' ');
}

/** Splits prose into sentences, keeping their end marks. */
export function sentences(text: string): string[] {
  return (text.match(/[^。！？!?.\n]+[。！？!?.”"]*|\n/g) ?? [])
    .map((s) => s.trim())
    .filter(Boolean);
}

const ZH_SWAPS: [string, string][] = [
  ['忽然', '猛然'],
  ['轻轻', '缓缓'],
  ['看着', '凝视着'],
  ['说', '低声道'],
  ['很', '极'],
  ['走', '行'],
  ['夜色', '暮色'],
];
const EN_SWAPS: [string, string][] = [
  ['said', 'murmured'],
  ['looked', 'gazed'],
  ['quiet', 'hushed'],
  ['walked', 'strode'],
  ['very ', ''],
  ['suddenly', 'all at once'],
  ['dark', 'gloom'],
];

/** Rewrites by word choice, so the meaning stays and the wording changes. */
export function rewriteProse(text: string, language: ProseLanguage, forbidden: readonly string[]) {
  let out = text;
  for (const [from, to] of language === 'zh' ? ZH_SWAPS : EN_SWAPS) {
    if (!containsForbidden(to, forbidden)) out = out.split(from).join(to);
  }
  return out === text ? (language === 'zh' ? `其实，${text}` : `In truth, ${text}`) : out;
}

/** Keeps about half: the first and last sentences and every other one between. */
export function condenseProse(text: string, language: ProseLanguage): string {
  const all = sentences(text);
  if (all.length <= 2) return all[0] ?? text;
  const kept = all.filter((_, i) => i === 0 || i === all.length - 1 || i % 2 === 0);
  return kept.join(language === 'zh' ? '' : ' ');
}

/** Weaves new sentences after each of the text's own until about `target` counted words. */
export function expandProse(text: string, ctx: ProseContext, target: number, seed: number) {
  const random = seededRandom(seed);
  const next = candidates(ctx, random);
  const own = sentences(text);
  const joiner = ctx.language === 'zh' ? '' : ' ';
  const parts: string[] = [];
  let count = countText(text);
  for (const s of own) {
    parts.push(s);
    const extra = count < target ? next() : null;
    if (extra) {
      parts.push(extra);
      count += countText(extra);
    }
  }
  while (count < target) {
    const extra = next();
    if (!extra) break;
    parts.push(extra);
    count += countText(extra);
  }
  return parts.join(joiner);
}
