import { describe, expect, it } from 'vitest';
import common from '@/locales/zh/common.json';
import stories from '@/locales/zh/stories.json';

/** The product calls power 能量 in Chinese; the editor must not speak of a second currency. */
describe('power wording (zh)', () => {
  it('stories strings say 能量, as the shell does, never 算力', () => {
    expect(JSON.stringify(common)).toContain('能量');
    const text = JSON.stringify(stories);
    expect(text).not.toContain('算力');
    expect(stories.ai.continue).toContain('能量');
    expect(stories.ai.buy).toContain('能量');
  });
});
