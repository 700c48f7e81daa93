import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// Read as a file: the unit tests load no style sheets (`css: false`).
const css = readFileSync(resolve(process.cwd(), 'src/styles/global.css'), 'utf8');

/** The custom properties one theme block of global.css declares. */
function tokens(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  expect(start, `${selector} in global.css`).toBeGreaterThanOrEqual(0);
  const block = css.slice(start, css.indexOf('\n}', start));
  return Object.fromEntries(
    [...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1]!, m[2]!]),
  );
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const f = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
}

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('contrast of what people type into (WCAG 1.4.11, 1.4.3)', () => {
  const light = tokens(':root');
  const dark = { ...light, ...tokens(":root[data-theme='dark']") };
  it.each([
    ['light', light],
    ['dark', dark],
  ])('%s: field edges 3:1 and placeholders 4.5:1 against the field and the page', (_, t) => {
    for (const around of [t.surface!, t.bg!, t['surface-2']!])
      expect(contrast(t['border-control']!, around)).toBeGreaterThanOrEqual(3);
    for (const under of [t.surface!, t.bg!])
      expect(contrast(t['text-3']!, under)).toBeGreaterThanOrEqual(4.5);
  });

  it('the fields use the edge and the placeholder colour', () => {
    expect(css).toMatch(/::placeholder\s*\{\s*color: var\(--text-3\)/);
    expect(css).toMatch(/\.field textarea \{[^}]*var\(--border-control\)/);
  });
});
