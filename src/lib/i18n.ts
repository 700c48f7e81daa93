import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  browserLanguage,
  isLanguage,
  navigatorLanguages,
  setLanguageValue,
  type Language,
} from './i18n-language';
import { storage, STORAGE_KEYS } from './storage';

/**
 * One JSON file per namespace and language: src/locales/{zh,en}/{ns}.json.
 * Core namespaces are used by the shell on every screen; the default language's copy of them
 * ships in the main chunk, so the first paint waits for no request.
 */
export const NAMESPACES = ['common', 'errors'] as const;

/**
 * Feature namespaces load with the feature's chunk (see `withNamespaces`), in every language,
 * so a screen's strings never weigh on the first screen of another.
 */
export const FEATURE_NAMESPACES = [
  'abouts',
  'auth',
  'session',
  'account',
  'media',
  'worlds',
  'stories',
  'writing',
  'social',
  'square',
  'download',
  'events',
  'exploration',
  'membership',
  'charging',
] as const;
export type FeatureNamespace = (typeof FEATURE_NAMESPACES)[number];

const loaders = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '!../locales/zh/common.json',
  '!../locales/zh/errors.json',
]);
const bundled = import.meta.glob<Record<string, unknown>>(
  ['../locales/zh/common.json', '../locales/zh/errors.json'],
  { eager: true, import: 'default' },
);

function bundledResources() {
  const zh: Record<string, Record<string, unknown>> = {};
  for (const [path, data] of Object.entries(bundled)) {
    const ns = /\/(\w+)\.json$/.exec(path)?.[1];
    if (ns) zh[ns] = data;
  }
  return { zh };
}

/** Loads other languages' bundles only when they are used. */
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

/**
 * The language to start in: the stored choice (`pro_lang`) always wins; a first visit follows
 * the browser (`browserLanguage`), without storing it, so only a choice made in the app sticks.
 */
export function storedLanguage(preferred: readonly string[] = navigatorLanguages()): Language {
  const saved = storage.get<string>(STORAGE_KEYS.lang);
  return isLanguage(saved) ? saved : browserLanguage(preferred);
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
      resources: bundledResources(),
      partialBundledLanguages: true,
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

/** Loads feature namespaces (in the current language) before the feature renders. */
export async function loadNamespaces(namespaces: readonly FeatureNamespace[]): Promise<void> {
  await initI18n();
  await i18next.loadNamespaces([...namespaces]);
}

/**
 * Wraps a lazy chunk loader so the chunk and its namespaces arrive together: screens and
 * dialogs never flash translation keys.
 */
export function withNamespaces<T>(
  namespaces: readonly FeatureNamespace[],
  load: () => Promise<T>,
): () => Promise<T> {
  return async () => (await Promise.all([load(), loadNamespaces(namespaces)]))[0];
}

export async function changeLanguage(language: Language): Promise<void> {
  await i18next.changeLanguage(language);
  setLanguageValue(language);
  storage.set(STORAGE_KEYS.lang, language);
  syncDocument(language);
}

function syncDocument(language: Language) {
  if (typeof document !== 'undefined')
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
}

export { i18next };
