import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, setLanguageValue, type Language } from './i18n-language';
import { storage, STORAGE_KEYS } from './storage';

/** One JSON file per namespace and language: src/locales/{zh,en}/{ns}.json. */
export const NAMESPACES = ['common', 'errors', 'dev'] as const;

const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

/** Loads only the bundles of the language in use, so the other one costs no bytes. */
const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaders[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`missing locale bundle ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (m) => callback(null, m.default),
      (e: unknown) => callback(e instanceof Error ? e : new Error(String(e)), false),
    );
  },
};

export function storedLanguage(): Language {
  const saved = storage.get<string>(STORAGE_KEYS.lang);
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

let ready: Promise<typeof i18next> | null = null;

export function initI18n(language: Language = storedLanguage()): Promise<typeof i18next> {
  if (ready) return ready;
  setLanguageValue(language);
  ready = i18next
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: [...LANGUAGES],
      fallbackLng: DEFAULT_LANGUAGE,
      ns: [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    })
    .then(() => {
      syncDocument(language);
      return i18next;
    });
  return ready;
}

export async function changeLanguage(language: Language): Promise<void> {
  await i18next.changeLanguage(language);
  setLanguageValue(language);
  storage.set(STORAGE_KEYS.lang, language);
  syncDocument(language);
}

function syncDocument(language: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
}

export { i18next };
