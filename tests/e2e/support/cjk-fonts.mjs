// Plain JS (not TS) so that scripts/bench.mjs can import it on Node 20 as well as the e2e suite.
// Types: cjk-fonts.d.mts beside it.
import { spawnSync } from 'node:child_process';

const PACKAGE = 'fonts-noto-cjk';

/** Whether fontconfig knows a font with Chinese glyphs (what Chromium lays Chinese out with). */
export function hasCjkFonts() {
  const r = spawnSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim().length > 0;
}

/**
 * The Chinese-first UI is measured with real glyphs: without a CJK font Chromium draws Chinese
 * as empty boxes of other widths, so wrapping, heights and everything measured from them
 * (layout loops, LCP, screenshots) differ from any reader's device. `install`: run apt-get as
 * `.ci/run` does (root on these machines); otherwise only say what is missing.
 */
export function ensureCjkFonts({ install = false } = {}) {
  if (hasCjkFonts()) return;
  if (install) {
    console.log(`Installing Debian's ${PACKAGE} (Chinese glyphs for Chromium)`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', PACKAGE], { stdio: 'inherit', env });
    if (hasCjkFonts()) return;
  }
  throw new Error(
    `No Chinese font is installed: Chromium would lay the Chinese UI out as empty boxes. ` +
      `Install Debian's ${PACKAGE} (apt-get install -y ${PACKAGE}; .ci/run does it when missing).`,
  );
}
