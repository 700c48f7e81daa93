import { describe, expect, it } from 'vitest';
import type { ApiError } from '@/core/api-error';
import { i18next } from '@/lib/i18n';
import { WORLD_SERVER_LIMITS } from '@/rules/world-limits';
import { worldFieldOf, worldsErrorText } from './server-errors';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const refused = (code: number): ApiError => ({
  status: 422,
  code,
  serverMessage: 'length invalid',
  kind: 'client',
});

describe('worldsErrorText', () => {
  it("names the server's background and description limits, from the shared rule", async () => {
    for (const lang of ['en', 'zh']) {
      await i18next.changeLanguage(lang);
      const background = worldsErrorText('createWorld', refused(42205), t);
      expect(background).toContain(String(WORLD_SERVER_LIMITS.background));
      expect(background).not.toBe(t('errors:code.42205'));
      const description = worldsErrorText('createEntry', refused(42207), t);
      expect(description).toContain(String(WORLD_SERVER_LIMITS.description));
    }
    await i18next.changeLanguage('zh');
    expect(worldFieldOf(refused(42205))).toBe('background');
  });

  it('leaves other refusals to the shared messages', () => {
    expect(worldsErrorText('createWorld', refused(42204), t)).toBe(t('errors:code.42204'));
    expect(worldsErrorText('createWorld', new Error('x'), t)).toBe(t('errors:generic'));
  });
});
