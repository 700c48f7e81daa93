/**
 * Every API module (`src/api/<tag>/index.ts`), for a tab that must know an endpoint it has
 * not loaded yet (cross-tab-cache.ts). Loaded only then, as one chunk.
 */
export const apiModules = import.meta.glob('../api/*/index.ts', { eager: true });
