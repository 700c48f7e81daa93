import { describe, expect, it } from 'vitest';
import common from '@/locales/zh/common.json';
import writing from '@/locales/zh/writing.json';

/** The product calls power 能量 in Chinese; the editor must not speak of a second currency. */
describe('power wording (zh)', () => {
  it('writing strings say 能量, as the shell does, never 算力', () => {
    expect(JSON.stringify(common)).toContain('能量');
    const text = JSON.stringify(writing);
    expect(text).not.toContain('算力');
    expect(writing.ai.continue).toContain('能量');
    expect(writing.ai.buy).toContain('能量');
  });
});
