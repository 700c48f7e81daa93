/**
 * A small bank of Chinese and English prose pieces. The seed uses it (through faker's
 * seeded random) and so can the browser at run time without shipping faker's locales.
 */
export type Pick = <T>(items: readonly T[]) => T;

const ZH_OPENINGS = [
  '夜色渐深，{name}独自站在{place}的城墙上，',
  '雨落了一整夜，{name}推开{place}那扇斑驳的木门，',
  '{name}醒来时，{place}的钟声已经敲过了三遍，',
  '风从{place}的山口吹过来，带着潮湿的泥土气息，',
  '那年冬天，{name}第一次听说{place}的传说，',
  '{place}的集市从清晨便喧闹起来，{name}挤在人群里，',
];
const ZH_MIDDLES = [
  '心里反复想着师父临别时那句没说完的话。',
  '却发现桌上多了一封没有署名的信。',
  '远处的灯火一盏接一盏地熄灭，仿佛有人在黑暗中清点着什么。',
  '手中那枚温热的玉佩忽然微微发亮。',
  '他知道，从这一刻起，再也没有回头的路了。',
  '她低声念出那个早已被人遗忘的名字。',
  '脚下的石阶上还留着昨夜未干的血迹。',
  '一只白鹤掠过屋檐，落在了井边。',
];
const ZH_CLOSINGS = [
  '“走吧，”{name}轻声说，“天亮之前，我们必须离开{place}。”',
  '没有人注意到，角落里的那个老人已经悄悄离开了。',
  '答案，也许就藏在{place}最深处的那座藏书阁里。',
  '{name}握紧了剑柄，向着风雪深处走去。',
  '这一夜，{place}无人入眠。',
];
const EN_SENTENCES = [
  'The lamps of {place} burned low as {name} climbed the last stair.',
  '{name} had never trusted the quiet that settled over {place} before a storm.',
  'Somewhere below, a bell rang once and then fell silent.',
  'The letter carried no name, only a seal pressed into grey wax.',
  '"We leave before dawn," {name} said, and nobody argued.',
  'Rain traced slow lines down the windows of the old library.',
];

export const ZH_PLACES = [
  '长安',
  '青云山',
  '落霞镇',
  '临川',
  '雪原',
  '南海',
  '苍梧城',
  '白鹿书院',
  '归墟',
  '江南',
];
export const EN_PLACES = [
  'Ashford',
  'the Grey Harbour',
  'Thornwall',
  'the Northern Reach',
  'Eldermere',
];

function fill(template: string, name: string, place: string) {
  return template.replaceAll('{name}', name).replaceAll('{place}', place);
}

export function zhParagraph(pick: Pick, name: string, place = pick(ZH_PLACES)): string {
  return fill(
    pick(ZH_OPENINGS) + pick(ZH_MIDDLES) + pick(ZH_MIDDLES) + pick(ZH_CLOSINGS),
    name,
    place,
  );
}

export function enParagraph(pick: Pick, name: string, place = pick(EN_PLACES)): string {
  return [pick(EN_SENTENCES), pick(EN_SENTENCES), pick(EN_SENTENCES)]
    .map((s) => fill(s, name, place))
    .join(' ');
}

// ------------------------------------------------------------------ compact seed text

/**
 * The seed stores the square's many generated texts as short marks (`~prose:zh:1234:林风:2`)
 * and the backend writes them out when it loads rows (`db.restore`): the same words every
 * time, at a fraction of the seed's size. Format: language, seed, name, paragraphs, and an
 * optional maximum length in characters.
 */
export const PROSE_MARK = '~prose:';

export function proseMark(
  lang: 'zh' | 'en',
  seed: number,
  name: string,
  paragraphs = 1,
  max = 0,
): string {
  return `${PROSE_MARK}${lang}:${seed}:${name}:${paragraphs}${max ? `:${max}` : ''}`;
}

/** mulberry32: a small seeded sequence, so a mark always expands to the same text. */
function seededPick(seed: number): Pick {
  let a = seed >>> 0;
  return <T>(items: readonly T[]) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const r = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return items[Math.floor(r * items.length)]!;
  };
}

/** The text a mark stands for; any other text unchanged. */
export function expandProse(text: string): string {
  if (!text.startsWith(PROSE_MARK)) return text;
  const [lang, seed, name, paragraphs, max] = text.slice(PROSE_MARK.length).split(':');
  const pick = seededPick(Number(seed));
  const write = lang === 'en' ? enParagraph : zhParagraph;
  const out = Array.from({ length: Number(paragraphs) || 1 }, () => write(pick, name ?? '')).join(
    '\n',
  );
  const limit = Number(max);
  return limit > 0 ? [...out].slice(0, limit).join('') : out;
}
