import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  allCopies,
  copiesToTakeBack,
  dropAllTexts,
  keepText,
  PAGE,
  textSaved,
  type TextCopy,
} from './durable-text';
import { useDurableText } from './use-durable-text';

const scope = 'world:u1:w1';

/** A copy as another page load (a closed or crashed tab) left it. */
function leftByAnotherPage(fields: Record<string, string>, page: string, changed_at: number) {
  const copy: TextCopy = { fields, page, changed_at };
  localStorage.setItem(`texts:${scope}:${page}`, JSON.stringify({ value: copy, expire: null }));
}

describe('durable text', () => {
  it('keeps a copy per page in the task of the change, and removes it when nothing is unsaved', () => {
    keepText(scope, { background: '一' });
    // Written synchronously: no await between the change and the stored copy.
    expect(localStorage.getItem(`texts:${scope}:${PAGE}`)).toContain('一');
    keepText(scope, null);
    expect(localStorage.getItem(`texts:${scope}:${PAGE}`)).toBeNull();
  });

  it("never touches another page's copy when this page writes", () => {
    leftByAnotherPage({ background: '他页' }, 'other', 1);
    keepText(scope, { background: '本页' });
    expect(allCopies(scope).map((c) => c.fields.background)).toEqual(['本页', '他页']);
  });

  it('keeps copies of other objects and accounts apart', () => {
    keepText('world:u1:w2', { background: 'w2' });
    keepText('world:u2:w1', { background: 'u2' });
    expect(allCopies(scope)).toEqual([]);
  });

  it('drops every copy that holds exactly what the server now has', () => {
    leftByAnotherPage({ background: '同' }, 'a', 1);
    leftByAnotherPage({ background: '异' }, 'b', 2);
    keepText(scope, { background: '同' });
    textSaved(scope, { background: '同' });
    expect(allCopies(scope).map((c) => c.page)).toEqual(['b']);
  });

  it('without Web Locks, every other page counts as gone', async () => {
    leftByAnotherPage({ background: '留下' }, 'gone', 1);
    expect((await copiesToTakeBack(scope)).map((c) => c.page)).toEqual(['gone']);
  });

  it("leaves an open tab's copy to that tab (its page lock is held)", async () => {
    leftByAnotherPage({ background: '开着' }, 'open', 2);
    leftByAnotherPage({ background: '关了' }, 'closed', 1);
    const held = [{ name: 'pro_texts_page:open' }];
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: { query: async () => ({ held }), request: () => new Promise(() => undefined) },
    });
    try {
      expect((await copiesToTakeBack(scope)).map((c) => c.page)).toEqual(['closed']);
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('the demo reset drops them all', () => {
    keepText(scope, { background: '一' });
    dropAllTexts();
    expect(allCopies(scope)).toEqual([]);
  });
});

describe('useDurableText', () => {
  it('offers the newest unsaved copy left by a gone page, and restores it', async () => {
    leftByAnotherPage({ title: '标题', background: '旧草稿' }, 'p1', 1);
    leftByAnotherPage({ title: '标题', background: '新草稿' }, 'p2', 2);
    const { result } = renderHook(() =>
      useDurableText(scope, { title: '标题', background: '服务器' }),
    );
    await waitFor(() => expect(result.current.offer?.fields.background).toBe('新草稿'));
    expect(result.current.values.background).toBe('服务器');
    act(() => result.current.restore());
    expect(result.current.values.background).toBe('新草稿');
    expect(result.current.offer).toBeNull();
    // This page's copy now holds the text; the gone pages' copies went.
    expect(allCopies(scope).map((c) => c.page)).toEqual([PAGE]);
  });

  it('says when this page holds unsaved text; revert drops its copy and shows the server text', () => {
    const { result } = renderHook(() => useDurableText(scope, { background: '服务器' }));
    expect(result.current.dirty).toBe(false);
    act(() => result.current.set('background', '改了一半'));
    expect(result.current.dirty).toBe(true);
    expect(allCopies(scope).map((c) => c.fields.background)).toEqual(['改了一半']);
    // Typed back to the server's text: nothing unsaved.
    act(() => result.current.set('background', '服务器'));
    expect(result.current.dirty).toBe(false);
    act(() => result.current.set('background', '又改了'));
    act(() => result.current.revert());
    expect(result.current.values.background).toBe('服务器');
    expect(result.current.dirty).toBe(false);
    expect(allCopies(scope)).toEqual([]);
  });

  it('never offers back what the person types while the look-up runs', async () => {
    leftByAnotherPage({ background: '旧草稿' }, 'gone', 1);
    const { result } = renderHook(() => useDurableText(scope, { background: '' }));
    // Typed in the same task as the mount, before the look-up for open pages answers.
    act(() => result.current.set('background', '刚打的字'));
    await waitFor(() => expect(result.current.offer?.fields.background).toBe('旧草稿'));
    expect(result.current.values.background).toBe('刚打的字');
  });

  it("fields not edited here follow the server's newer text; a field changed on both sides waits", async () => {
    const { result, rerender } = renderHook(({ server }) => useDurableText(scope, server), {
      initialProps: { server: { title: '旧标题', background: '旧背景' } },
    });
    rerender({ server: { title: '另一个标签页的标题', background: '旧背景' } });
    await waitFor(() => expect(result.current.values.title).toBe('另一个标签页的标题'));

    // An edit of the background, a save elsewhere of the title: both kept, nothing asked.
    act(() => result.current.set('background', '我正在改的背景'));
    rerender({ server: { title: '又改了', background: '旧背景' } });
    await waitFor(() => expect(result.current.values.title).toBe('又改了'));
    expect(result.current.values.background).toBe('我正在改的背景');
    expect(result.current.elsewhere).toBeNull();

    // The background saved elsewhere too: the edit stays until the person chooses.
    rerender({ server: { title: '又改了', background: '别处的背景' } });
    await waitFor(() => expect(result.current.elsewhere?.background).toBe('别处的背景'));
    expect(result.current.values.background).toBe('我正在改的背景');
    act(() => result.current.keepMine());
    expect(result.current.elsewhere).toBeNull();
    expect(result.current.values).toEqual({ title: '又改了', background: '我正在改的背景' });

    rerender({ server: { title: '又改了', background: '第三次' } });
    await waitFor(() => expect(result.current.elsewhere?.background).toBe('第三次'));
    act(() => result.current.takeTheirs());
    expect(result.current.values).toEqual({ title: '又改了', background: '第三次' });
    // Taking theirs leaves nothing unsaved behind.
    expect(allCopies(scope)).toEqual([]);
  });

  it('a save refused for a newer version merges what the other side changed and saves again', async () => {
    const { result, rerender } = renderHook(
      ({ version }) =>
        useDurableText(scope, { title: '旧标题', background: '旧背景' }, { version }),
      { initialProps: { version: 10 } },
    );
    expect(result.current.base()).toBe(10);
    // A newer version with the same text (an entry added elsewhere) only moves the base.
    rerender({ version: 11 });
    await waitFor(() => expect(result.current.base()).toBe(11));
    act(() => result.current.set('background', '我的背景'));
    let again: Promise<unknown> = Promise.resolve();
    act(() => {
      again = result.current.rebase({ title: '别处的标题', background: '旧背景' }, 12);
    });
    await expect(again).resolves.toEqual({ title: '别处的标题', background: '我的背景' });
    expect(result.current.base()).toBe(12);
    expect(result.current.elsewhere).toBeNull();
  });

  it('a save refused for a newer version of the same field waits for the person to choose', async () => {
    const { result } = renderHook(() =>
      useDurableText(scope, { title: '旧', background: '旧背景' }, { version: 1 }),
    );
    act(() => result.current.set('background', '我的背景'));
    let again: Promise<unknown> = Promise.resolve();
    act(() => {
      again = result.current.rebase({ title: '旧', background: '别处的背景' }, 2);
    });
    await waitFor(() => expect(result.current.comparing).toBe(true));
    expect(result.current.elsewhere).toEqual({ title: '旧', background: '别处的背景' });
    // Still based on the old version while the person chooses: a save now is refused again.
    expect(result.current.base()).toBe(1);
    act(() => result.current.resolve({ title: '旧', background: '我的背景\n别处的背景' }));
    await expect(again).resolves.toEqual({ title: '旧', background: '我的背景\n别处的背景' });
    expect(result.current.base()).toBe(2);
    expect(result.current.values.background).toBe('我的背景\n别处的背景');

    // Taking the other side's text leaves nothing to save.
    act(() => result.current.set('background', '再改一次'));
    act(() => {
      again = result.current.rebase({ title: '旧', background: '第三版' }, 3);
    });
    await waitFor(() => expect(result.current.comparing).toBe(true));
    act(() => result.current.takeTheirs());
    await expect(again).resolves.toBeNull();
    expect(result.current.values.background).toBe('第三版');
    expect(result.current.base()).toBe(3);
  });

  it('offers nothing when the copies hold what the server has, and clears them', async () => {
    leftByAnotherPage({ background: '服务器' }, 'p1', 1);
    const { result } = renderHook(() => useDurableText(scope, { background: '服务器' }));
    await waitFor(() => expect(allCopies(scope)).toEqual([]));
    expect(result.current.offer).toBeNull();
  });

  it('discarding the offer drops those copies and keeps the fields', async () => {
    leftByAnotherPage({ background: '草稿' }, 'p1', 1);
    const { result } = renderHook(() => useDurableText(scope, { background: '服务器' }));
    await waitFor(() => expect(result.current.offer).not.toBeNull());
    act(() => result.current.discard());
    expect(result.current.values.background).toBe('服务器');
    expect(allCopies(scope)).toEqual([]);
  });

  it('merge mode puts every distinct copy back into the field, oldest first, after what is typed', async () => {
    leftByAnotherPage({ text: '甲页' }, 'a', 1);
    leftByAnotherPage({ text: '乙页' }, 'b', 2);
    const { result } = renderHook(() => useDurableText(scope, { text: '' }, { mode: 'merge' }));
    act(() => result.current.set('text', '刚打的'));
    await waitFor(() => expect(result.current.values.text).toBe('刚打的\n甲页\n乙页'));
    expect(allCopies(scope).map((c) => [c.page, c.fields.text])).toEqual([
      [PAGE, '刚打的\n甲页\n乙页'],
    ]);
  });

  it("merge mode: a field still at the server's default (a form's choice) takes the copy's text", async () => {
    leftByAnotherPage({ type: 'character', name: '林月' }, 'a', 1);
    const { result } = renderHook(() =>
      useDurableText(scope, { type: 'normal', name: '' }, { mode: 'merge' }),
    );
    await waitFor(() => expect(result.current.values).toEqual({ type: 'character', name: '林月' }));
  });

  it('keeps the account of the last scope when the scope turns null (the session ended)', () => {
    const { result, rerender } = renderHook(
      ({ at }: { at: string | null }) => useDurableText(at, { background: '' }),
      { initialProps: { at: scope as string | null } },
    );
    rerender({ at: null });
    act(() => result.current.set('background', '会话结束后打的字'));
    expect(allCopies(scope)[0]?.fields.background).toBe('会话结束后打的字');
  });

  it('saved: the fields show what the server has, and no copy is left', () => {
    const { result } = renderHook(() => useDurableText(scope, { background: '' }));
    act(() => result.current.set('background', '写好了'));
    act(() => result.current.saved({ background: '写好了' }));
    expect(allCopies(scope)).toEqual([]);
    act(() => result.current.set('background', '写好了'));
    expect(allCopies(scope)).toEqual([]);
  });
});
