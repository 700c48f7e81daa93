/**
 * The current UI language, readable without importing i18next (the HTTP client sends it
 * as the `lang` header). Kept in sync by src/lib/i18n.ts.
 */
export type Language = 'zh' | 'en';
export const LANGUAGES: readonly Language[] = ['zh', 'en'];
export const DEFAULT_LANGUAGE: Language = 'zh';

let current: Language = DEFAULT_LANGUAGE;

export function getLanguage(): Language {
  return current;
}

export function setLanguageValue(lang: Language) {
  current = lang;
}

export function isLanguage(value: unknown): value is Language {
  return value === 'zh' || value === 'en';
}

/**
 * The language of a first visit (no stored choice), from the browser's preferred languages in
 * order: the first that is English (`en`, `en-GB` …) or Chinese (`zh`, `zh-TW` …) decides;
 * none of them: the default, zh. The inline script in index.html applies the same rule before
 * first paint (a test runs it against this).
 */
export function browserLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const lang = /^(en|zh)(-|$)/i.exec(tag.trim())?.[1]?.toLowerCase();
    if (isLanguage(lang)) return lang;
  }
  return DEFAULT_LANGUAGE;
}

/** The browser's preferred languages (`navigator.languages`, else `navigator.language`). */
export function navigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}
