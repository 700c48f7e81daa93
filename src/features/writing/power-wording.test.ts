import { describe, expect, it } from 'vitest';
import common from '@/locales/zh/common.json';
import writing from '@/locales/zh/writing.json';

/** Every Chinese namespace, as the app bundles them. */
const zh = import.meta.glob<unknown>('../../locales/zh/*.json', { eager: true, import: 'default' });

/** The product calls power 能量 in Chinese, everywhere: no screen speaks of a second currency. */
describe('power wording (zh)', () => {
  it('writing strings say 能量, as the shell does', () => {
    expect(JSON.stringify(common)).toContain('能量');
    expect(writing.ai.continue).toContain('能量');
    expect(writing.ai.buy).toContain('能量');
  });

  it('no Chinese string of any namespace says 算力', () => {
    const files = Object.entries(zh);
    expect(files.length).toBeGreaterThan(5);
    const saying = files.filter(([, text]) => JSON.stringify(text).includes('算力'));
    expect(saying.map(([file]) => file)).toEqual([]);
  });
});
