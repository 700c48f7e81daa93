import { describe, expect, it } from 'vitest';
import { OVERSEAS } from '@/config/download';
import { downloadVariant } from './variant';

describe('downloadVariant (spec 1 §2)', () => {
  it('shows the Chinese variant, the overseas flag being fixed off', () => {
    expect(OVERSEAS).toBe(false);
    expect(downloadVariant(OVERSEAS).lang).toBe('zh');
  });

  it('Chinese: a title, four descriptions, each button with its own artwork', () => {
    expect(downloadVariant(false)).toEqual({
      lang: 'zh',
      title: 'download/zh/title.svg',
      descriptions: [1, 2, 3, 4].map((n) => `download/zh/desc-${n}.svg`),
      copyButton: 'download/zh/btn-copy.svg',
      downloadButton: 'download/zh/btn-download.svg',
    });
  });

  it("English: three descriptions, and the two buttons' artwork swapped", () => {
    expect(downloadVariant(true)).toEqual({
      lang: 'en',
      title: 'download/en/title.svg',
      descriptions: [1, 2, 3].map((n) => `download/en/desc-${n}.svg`),
      copyButton: 'download/en/btn-download.svg',
      downloadButton: 'download/en/btn-copy.svg',
    });
  });
});
