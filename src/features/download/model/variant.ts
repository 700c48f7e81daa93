/**
 * The two variants of the download page (spec 1 §2). The overseas flag (fixed off,
 * src/config/download.ts) picks one: the Chinese variant has four description images, the
 * English one three, and there the images of the two buttons are swapped (the copy button
 * shows the download artwork and the reverse), as the spec describes. The buttons keep
 * their actions and accessible names either way.
 */
export type VariantLang = 'zh' | 'en';

export interface DownloadVariant {
  lang: VariantLang;
  title: string;
  descriptions: string[];
  /** Artwork of button 1 (copy the site address). */
  copyButton: string;
  /** Artwork of button 2 (go to the app download). */
  downloadButton: string;
}

const DESCRIPTION_COUNT: Record<VariantLang, number> = { zh: 4, en: 3 };

/** Image paths relative to the app's public path. */
export function downloadVariant(overseas: boolean): DownloadVariant {
  const lang: VariantLang = overseas ? 'en' : 'zh';
  const dir = `download/${lang}`;
  const copy = `${dir}/btn-copy.svg`;
  const download = `${dir}/btn-download.svg`;
  return {
    lang,
    title: `${dir}/title.svg`,
    descriptions: Array.from(
      { length: DESCRIPTION_COUNT[lang] },
      (_, i) => `${dir}/desc-${i + 1}.svg`,
    ),
    copyButton: overseas ? download : copy,
    downloadButton: overseas ? copy : download,
  };
}
