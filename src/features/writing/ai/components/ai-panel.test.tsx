import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { i18next } from '@/lib/i18n';
import { db } from '@mocks/db';
import { RISKY_WORDS } from '@mocks/handlers/writing-prose';
import { riskHits } from '@mocks/scenarios/writing';
import { server } from '@mocks/server';
import { renderApp, signedInState } from '@/testing/render';
import { ui } from '@/testing/ui';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const STORY = 'n_lcygh4duya'; // bound to world w_3b867cpvh0
const CHAPTER = 'c_e810wl79lf';

async function openEditor() {
  const view = renderApp(paths.editor.getHref({ nid: STORY, cid: CHAPTER }), {
    preloadedState: await signedInState(),
  });
  await screen.findByLabelText(t('writing:editor.chapterTitle'));
  return view;
}

const continueButton = () =>
  screen.getByRole('button', { name: t('writing:ai.continue', { cost: 100 }) });

/** The JSON bodies the continuation was called with. */
function continuationBodies() {
  const bodies: Array<Record<string, unknown>> = [];
  const listener = ({ request }: { request: Request }) => {
    if (new URL(request.url).pathname !== '/api/v1/writing/continue') return;
    void request
      .clone()
      .json()
      .then((b: Record<string, unknown>) => bodies.push(b));
  };
  server.events.on('request:start', listener);
  return { bodies, stop: () => server.events.removeListener('request:start', listener) };
}

async function makeChapterRisky() {
  await db.chapters.update((q) => q.where({ id: CHAPTER }), {
    data: (c) => void (c.content = `${c.content}\n他们谈起了${RISKY_WORDS[0]}。`),
  });
}

describe('AI panel: characters in this scene', () => {
  it("offers the bound world's living characters and sends the chosen ones with the continuation", async () => {
    const { user } = await openEditor();
    const group = await screen.findByRole('group', { name: t('writing:ai.characters.title') });
    const boxes = await within(group).findAllByRole('checkbox');
    const alive = db.entries
      .findMany((q) => q.where({ universe_id: 'w_3b867cpvh0', type: 'character' }))
      .filter((e) => e.character_status === 'alive');
    expect(boxes).toHaveLength(alive.length);
    await user.click(boxes[0]!);
    const chosen =
      alive.find((e) => e.name === boxes[0]!.parentElement?.textContent?.trim()) ??
      alive.find((e) => boxes[0]!.parentElement?.textContent?.includes(e.name));
    expect(chosen).toBeTruthy();

    const spy = continuationBodies();
    try {
      await user.click(continueButton());
      await waitFor(() => expect(spy.bodies).toHaveLength(1));
    } finally {
      spy.stop();
    }
    expect(spy.bodies[0]!.character_ids).toEqual([chosen!.id]);
  });

  it('sends no character_ids when none is chosen (the AI picks)', async () => {
    const { user } = await openEditor();
    await screen.findAllByRole('checkbox');
    const spy = continuationBodies();
    try {
      await user.click(continueButton());
      await waitFor(() => expect(spy.bodies).toHaveLength(1));
    } finally {
      spy.stop();
    }
    expect(spy.bodies[0]).not.toHaveProperty('character_ids');
  });
});

describe('AI panel: the warn dialog', () => {
  it('the 3rd risky input of the hour warns that 2 more suspend creation for an hour', async () => {
    await makeChapterRisky();
    await riskHits(2);
    const { user } = await openEditor();
    await user.click(continueButton());
    const dialog = await ui.dialog(t('writing:ai.warn.title'));
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      t('writing:ai.warn.left', { count: 2 }),
    );
    await user.click(within(dialog).getByRole('button', { name: t('writing:ai.warn.ok') }));
    await waitFor(() => expect(ui.queryDialog()).toBeNull());
    // The inline refusal stays in the panel.
    expect(screen.getByText(t('writing:ai.errors.risky'))).toBeInTheDocument();
  });

  it('the first risky inputs get only the inline message', async () => {
    await makeChapterRisky();
    const { user } = await openEditor();
    await user.click(continueButton());
    expect(await screen.findByText(t('writing:ai.errors.risky'))).toBeInTheDocument();
    expect(ui.queryDialog()).toBeNull();
  });

  it('while suspended (42902) the dialog says until when, with the appeal hint', async () => {
    await riskHits(5);
    const { user } = await openEditor();
    await user.click(continueButton());
    const dialog = await ui.dialog(t('writing:ai.warn.suspendedTitle'));
    expect(within(dialog).getByText(t('writing:ai.warn.appeal'))).toBeInTheDocument();
    expect(within(dialog).getByRole('status').textContent).toMatch(/\d{2}:\d{2}/);
  });
});

describe('AI panel: the price before generating', () => {
  it('says each card costs the length, up to 3 cards, and a cut or empty card costs nothing', async () => {
    await openEditor();
    expect(await screen.findByRole('button', { name: /每张 100 能量/ })).toBe(continueButton());
    expect(
      screen.getByText(t('writing:ai.price', { cost: 100, cards: 3, total: 300 })),
    ).toBeVisible();
  });

  it('清空 clears the cards and moves the keyboard to 续写, never to the page', async () => {
    const { user } = await openEditor();
    await user.click(await screen.findByRole('button', { name: /每张 100 能量/ }));
    const cards = await screen.findByRole('group', { name: t('writing:ai.cards') });
    await user.click(within(cards).getByRole('button', { name: t('writing:ai.clear') }));
    await waitFor(() => expect(continueButton()).toHaveFocus());
  });
});
