import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { i18next } from '@/lib/i18n';
import { renderApp, signedInState } from '@/testing/render';
import { db } from '@mocks/db';
import { PRO_MODEL_ID } from '@mocks/handlers/exploration-store';
import { freeZeroPower, vipSub } from '@mocks/scenarios/payment';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { server } from '@mocks/server';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
// The chat's first screen loads several chunks and calls: on a loaded 2-core machine, seconds.
const slow = { timeout: 15_000 };

afterEach(() => {
  server.events.removeAllListeners('request:start');
  server.events.removeAllListeners('response:mocked');
});

/** Opens the author's latest game; answers the model select and the model switches asked. */
async function openChat() {
  const game = db.chatGames
    .findMany((q) => q.where({ uid: AUTHOR_UID }))
    .sort((a, b) => b.updated_at - a.updated_at)[0]!;
  const switches: string[] = [];
  let statusRead = false;
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'PUT' && new URL(request.url).pathname.endsWith('/model'))
      switches.push(request.url);
  });
  server.events.on('response:mocked', ({ request }) => {
    if (new URL(request.url).pathname.endsWith('/subscription/status')) statusRead = true;
  });
  const view = renderApp(paths.exploration.getHref({ chat: game.chat_id }), {
    preloadedState: await signedInState(),
  });
  const toolbar = await screen.findByRole('toolbar', {}, slow);
  const select = await within(toolbar).findByRole('combobox', {
    name: t('exploration:toolbar.model'),
  });
  await within(select).findByRole('option', { name: /Pro/ });
  // The membership is known (as it is by the time a person reaches the select).
  await waitFor(() => expect(statusRead).toBe(true), slow);
  return { ...view, game, select, switches };
}

describe('chat toolbar: the pro model is for members only (spec 2 §6)', () => {
  it('refuses a free user’s pick with the way to membership, and asks nothing of the server', async () => {
    await freeZeroPower();
    const { user, select, switches, game } = await openChat();
    const before = (select as HTMLSelectElement).value;
    await user.selectOptions(select, PRO_MODEL_ID);
    const alert = await screen.findByRole('alert', {}, slow);
    expect(alert).toHaveTextContent(t('exploration:errors.membersOnly'));
    expect(
      within(alert).getByRole('link', { name: t('exploration:toolbar.becomeMember') }),
    ).toHaveAttribute('href', paths.dashboard.vip.getHref());
    expect((select as HTMLSelectElement).value).toBe(before);
    expect(switches).toEqual([]);
    expect(db.chats.findFirst((q) => q.where({ id: game.chat_id }))?.model_id).not.toBe(
      PRO_MODEL_ID,
    );
  }, 40_000);

  it('lets a member pick it', async () => {
    await vipSub();
    const { user, select, game } = await openChat();
    await user.selectOptions(select, PRO_MODEL_ID);
    await waitFor(
      () =>
        expect(db.chats.findFirst((q) => q.where({ id: game.chat_id }))?.model_id).toBe(
          PRO_MODEL_ID,
        ),
      slow,
    );
    expect(screen.queryByText(t('exploration:errors.membersOnly'))).toBeNull();
  }, 40_000);
});
