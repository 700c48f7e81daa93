import { describe, expect, it } from 'vitest';

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
