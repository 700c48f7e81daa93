import type { CopyTextMap } from './settings.gen';

/**
 * Settings copy (spec 1 §4): the server names an address (oss_url) of a text map keyed by
 * text id; each entry carries a zh-CN value (and possibly en). When loading fails, the
 * built-in copy (i18n keys `copy.<id>`) is used instead.
 */
export type CopyTexts = Record<string, { zh: string; en: string | null }>;

export function normaliseCopyMap(map: CopyTextMap | unknown): CopyTexts {
  const out: CopyTexts = {};
  if (!map || typeof map !== 'object') return out;
  for (const [id, value] of Object.entries(map as Record<string, unknown>)) {
    if (!value || typeof value !== 'object') continue;
    const v = value as Record<string, unknown>;
    const zh = v['zh-CN'];
    if (typeof zh !== 'string' || !zh) continue;
    out[id] = { zh, en: typeof v.en === 'string' && v.en ? v.en : null };
  }
  return out;
}

/** The text for an id in a language, or null to fall back to the built-in copy. */
export function copyText(
  texts: CopyTexts | undefined,
  id: string,
  lang: 'zh' | 'en',
): string | null {
  const entry = texts?.[id];
  if (!entry) return null;
  return lang === 'en' ? entry.en : entry.zh;
}
