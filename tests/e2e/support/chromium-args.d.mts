/** Types of chromium-args.mjs (kept in plain JS so scripts/bench.mjs can run it on Node 20). */

/** Flags that work on these machines (Playwright adds --headless and a fresh temporary profile). */
export const CHROMIUM_ARGS: string[];
