import { describe, expect, it } from 'vitest';
import { FEATURE_NAMESPACES, NAMESPACES } from '@/lib/i18n';

/** Every user-visible string exists in both languages: same keys, no empty values. */
const bundles = import.meta.glob<{ default: Record<string, unknown> }>('./*/*.json', {
  eager: true,
});

function flatten(obj: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v))
      Object.assign(out, flatten(v as Record<string, unknown>, key));
    else out[key] = v;
  }
  return out;
}

const byLang: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, mod] of Object.entries(bundles)) {
  const [, lang, ns] = /\.\/(\w+)\/(\w+)\.json$/.exec(path) ?? [];
  if (!lang || !ns) continue;
  (byLang[lang] ??= {})[ns] = flatten(mod.default);
}

describe('locales', () => {
  it('has zh and en with the same namespaces', () => {
    expect(Object.keys(byLang).sort()).toEqual(['en', 'zh']);
    expect(Object.keys(byLang.en!).sort()).toEqual(Object.keys(byLang.zh!).sort());
  });

  for (const ns of Object.keys(byLang.zh ?? {})) {
    it(`${ns}: same keys in zh and en, every value a non-empty string`, () => {
      const zh = byLang.zh![ns]!;
      const en = byLang.en![ns]!;
      expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
      for (const [k, v] of [...Object.entries(zh), ...Object.entries(en)]) {
        expect(typeof v === 'string' && v.trim().length > 0, `${ns}:${k}`).toBe(true);
      }
    });

    it(`${ns}: interpolation placeholders match between languages`, () => {
      const zh = byLang.zh![ns]!;
      const en = byLang.en![ns]!;
      const vars = (s: unknown) =>
        [...String(s).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      for (const k of Object.keys(zh)) expect(vars(en[k]), `${ns}:${k}`).toEqual(vars(zh[k]));
    });
  }
});

/**
 * The demo's own strings (the mock panel's `dev` namespace, the host script's `host`) ship only
 * in the demo's bundles (mock-panel.js, the inline host script). The app's loader bundles every
 * file under src/locales/ (`import.meta.glob` in src/lib/i18n.ts), so none of them may live
 * there; eslint/boundaries.js keeps app code from importing src/demo/ directly.
 */
const demoBundles = import.meta.glob<{ default: Record<string, unknown> }>(
  '../demo/locales/*/*.json',
  { eager: true },
);
const demoNamespaces = new Set(
  Object.keys(demoBundles).map((path) => /\/(\w+)\.json$/.exec(path)![1]!),
);

/** Every string of a bundle, nested keys included. */
const strings = (bundle: Record<string, unknown>) =>
  Object.values(flatten(bundle)).filter((v): v is string => typeof v === 'string');

/** A word both could need on its own ("Retry", "重试") says nothing about where strings live. */
const isSingleWord = (s: string) => !/\s/.test(s) && (/^[\x20-\x7e]+$/.test(s) || s.length <= 2);

describe("the demo's strings stay out of the app's bundles", () => {
  it('src/locales holds exactly the namespaces the app declares, none of the demo', () => {
    expect(demoNamespaces).toEqual(new Set(['dev', 'host']));
    const declared = [...NAMESPACES, ...FEATURE_NAMESPACES].sort();
    for (const lang of ['zh', 'en']) expect(Object.keys(byLang[lang]!).sort()).toEqual(declared);
    for (const ns of declared) expect(demoNamespaces.has(ns), ns).toBe(false);
  });

  it("no app bundle repeats a string of the mock panel or the demo's host script", () => {
    const app = new Set(
      Object.values(bundles).flatMap((m) => strings(m.default as Record<string, unknown>)),
    );
    const leaked = Object.values(demoBundles)
      .flatMap((m) => strings(m.default))
      .filter((s) => app.has(s) && !isSingleWord(s));
    expect(leaked).toEqual([]);
  });
});
