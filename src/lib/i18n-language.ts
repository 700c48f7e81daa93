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
