// Plain JS (not TS) so that scripts/bench.mjs can import it on Node 20 as well as the e2e suite.
// Types: chromium-args.d.mts beside it.

/** Flags that work on these machines (Playwright adds --headless and a fresh temporary profile). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
