import { afterEach, describe, expect, it, vi } from 'vitest';
import { storedLanguage } from './i18n';
import { browserLanguage } from './i18n-language';
import { storage, STORAGE_KEYS } from './storage';
import indexHtml from '../../index.html?raw';

describe('browserLanguage (a first visit follows the browser)', () => {
  it.each([
    [['en-US', 'zh-CN'], 'en'],
    [['en'], 'en'],
    [['EN-gb'], 'en'],
    [['zh-TW', 'en'], 'zh'],
    [['zh'], 'zh'],
    [['fr-FR', 'en-GB', 'zh-CN'], 'en'],
    [['de', 'ja', 'zh-Hans-CN'], 'zh'],
    [['fr', 'de'], 'zh'],
    [[], 'zh'],
    // Only the language subtag counts: "eng" or "zha" are other languages.
    [['eng', 'zha'], 'zh'],
  ] as const)('%j → %s', (preferred, expected) => {
    expect(browserLanguage(preferred)).toBe(expected);
  });
});

/** The inline script of index.html, run as the browser would before first paint. */
function runInlineScript() {
  const script = /<script>([\s\S]*?)<\/script>/.exec(indexHtml)?.[1];
  if (!script) throw new Error('index.html has no inline script');
  new Function(script)();
  return document.documentElement.lang;
}

const htmlLang = (lang: string) => (lang === 'en' ? 'en' : 'zh-CN');

describe('the first language: index.html before first paint and i18n agree', () => {
  const initialHtmlLang = document.documentElement.lang;
  afterEach(() => {
    vi.restoreAllMocks();
    storage.remove(STORAGE_KEYS.lang);
    document.documentElement.lang = initialHtmlLang;
  });

  const browser = (languages: string[]) => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
  };

  it.each([
    [['en-US', 'zh-CN'], 'en'],
    [['zh-CN', 'en-US'], 'zh'],
    [['fr-FR', 'en'], 'en'],
    [['fr-FR', 'de'], 'zh'],
  ])('no stored choice, browser %j: %s in both', (languages, expected) => {
    browser(languages);
    document.documentElement.lang = '';
    expect(runInlineScript()).toBe(htmlLang(expected));
    expect(storedLanguage()).toBe(expected);
    // Following the browser stores nothing: only a choice made in the app sticks.
    expect(storage.get(STORAGE_KEYS.lang)).toBeNull();
  });

  it.each([
    ['zh', ['en-US']],
    ['en', ['zh-CN']],
  ])('a stored choice (%s) wins over the browser (%j)', (stored, languages) => {
    browser(languages);
    storage.set(STORAGE_KEYS.lang, stored);
    expect(runInlineScript()).toBe(htmlLang(stored));
    expect(storedLanguage()).toBe(stored);
  });

  it('an expired or unknown stored value counts as none', () => {
    browser(['en-GB']);
    localStorage.setItem('pro_lang', JSON.stringify({ value: 'fr', expire: null }));
    expect(runInlineScript()).toBe('en');
    expect(storedLanguage()).toBe('en');
    localStorage.setItem('pro_lang', JSON.stringify({ value: 'zh', expire: 1 }));
    expect(runInlineScript()).toBe('en');
    expect(storedLanguage()).toBe('en');
  });
});
