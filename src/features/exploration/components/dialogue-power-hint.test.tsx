import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { i18next } from '@/lib/i18n';
import { renderApp, signedInState } from '@/testing/render';
import { db } from '@mocks/db';
import { dialoguePowerEmpty } from '@mocks/scenarios/exploration';
import { AUTHOR_UID } from '@mocks/seed-ids';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const slow = { timeout: 15_000 };

describe('chat without dialogue power', () => {
  it('says when the daily allowance comes back, and sells no writing pack', async () => {
    await dialoguePowerEmpty();
    const game = db.chatGames
      .findMany((q) => q.where({ uid: AUTHOR_UID }))
      .sort((a, b) => b.updated_at - a.updated_at)[0]!;
    renderApp(paths.exploration.getHref({ chat: game.chat_id }), {
      preloadedState: await signedInState(),
    });
    const blocked = await screen.findByText(
      t('exploration:errors.noPower'),
      { exact: false },
      slow,
    );
    const prompt = blocked.closest('[role="alert"]') as HTMLElement;
    expect(prompt).toHaveTextContent(/每日免费 20 点对话能量，将于 .+ 恢复/);
    expect(within(prompt).queryByRole('link')).toBeNull();
    expect(document.querySelector(`a[href="${paths.dashboard.package.getHref()}"]`)).toBeNull();
  }, 40_000);
});
