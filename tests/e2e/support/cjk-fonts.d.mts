/** Types of cjk-fonts.mjs (kept in plain JS so scripts/bench.mjs can run it on Node 20). */

/** Whether fontconfig knows a font with Chinese glyphs. */
export function hasCjkFonts(): boolean;

/** Throws unless a Chinese font is installed; `install` runs apt-get first when one is missing. */
export function ensureCjkFonts(options?: { install?: boolean }): void;
