import { describe, expect, inject, it } from 'vitest';
import worlds from '../../src/locales/zh/worlds.json';
import { nextFrames, setupBrowser } from './support/browser';
import { chatInput as input, openLatestChat } from './support/chat';
import { MARKS, background, offer, openWorld, typeAtEnd } from './support/durable-text';
import { count } from './support/marks';

/**
 * A typed text belongs to its tab (src/lib/use-durable-text.ts): a second tab on a world that
 * another open tab is typing in shows the server's copy and is offered nothing; two tabs typing
 * in one chat, both closed, both texts come back in the next tab on that chat. Counted as in
 * support/durable-text.ts: 0 lost.
 */
const demo = inject('demoUrl');
const { newPage } = setupBrowser();

describe('world background: nothing typed is lost', () => {
  it('an open tab keeps its own text: a second tab is not offered it', async () => {
    const a = await newPage();
    await openWorld(a, 'signed-in');
    await typeAtEnd(a, background(a), MARKS[2]!.repeat(20));
    const b = await a.context().newPage();
    await openWorld(b);
    await b.getByRole('heading', { level: 2, name: worlds.editor.info }).waitFor();
    // Tab A is still open with its text: B shows the server's copy and offers nothing.
    await nextFrames(b);
    expect(await offer(b).count()).toBe(0);
    expect(count(await background(b).inputValue(), MARKS[2]!)).toBe(0);
    expect(count(await background(a).inputValue(), MARKS[2]!)).toBe(20);
  });
});

describe('chat: nothing typed is lost', () => {
  it('two tabs on one chat, both closed: both texts come back; 0 lost', async () => {
    const a = await newPage();
    const url = await openLatestChat(a, demo, 'signed-in');
    const b = await a.context().newPage();
    await b.goto(url);
    await input(b).waitFor();
    const [markA, markB] = [MARKS[4]!, MARKS[5]!];
    await input(a).click();
    await a.keyboard.type(markA.repeat(120));
    await input(b).click();
    await b.keyboard.type(markB.repeat(120));
    await a.close({ runBeforeUnload: true });
    await b.close({ runBeforeUnload: true });
    const again = await a.context().newPage();
    await again.goto(url);
    await expect
      .poll(async () => {
        const text = await input(again).inputValue();
        return [count(text, markA), count(text, markB)];
      })
      .toEqual([120, 120]);
  });
});
