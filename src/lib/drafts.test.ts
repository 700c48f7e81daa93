import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  deleteAllDrafts,
  deleteDraft,
  draftKey,
  hasUnsavedText,
  judgeDraft,
  keepDraft,
  loadDrafts,
  saveDraft,
  storeDraft,
  type Draft,
} from './drafts';

const draft = (over: Partial<Draft> = {}): Draft => ({
  key: draftKey('u_1', 'c_1'),
  name: 'Title',
  content: 'typed text',
  base_updated_at: 100,
  changed_at: 200_000,
  ...over,
});

describe('local drafts', () => {
  it('keeps, reads and deletes a draft by user and chapter', async () => {
    await saveDraft(draft());
    expect(await loadDrafts('u_1', 'c_1')).toMatchObject([{ content: 'typed text' }]);
    expect(await loadDrafts('u_2', 'c_1')).toEqual([]);
    await deleteDraft(draftKey('u_1', 'c_1'));
    expect(await loadDrafts('u_1', 'c_1')).toEqual([]);
  });

  it('offers a draft whenever it differs from the server copy, whatever the clocks say', () => {
    const server = { name: 'Title', content: 'saved text' };
    expect(hasUnsavedText(draft(), server)).toBe(true);
    // Written "before" the server copy by this machine's clock (a clock behind the server's,
    // or text typed against a version another device has since replaced): still unsaved.
    expect(hasUnsavedText(draft({ changed_at: 1 }), server)).toBe(true);
    expect(hasUnsavedText(draft({ name: 'Renamed', content: 'saved text' }), server)).toBe(true);
    expect(hasUnsavedText(draft({ content: 'saved text' }), server)).toBe(false);
  });

  it('keeps each page load’s draft apart and finds them all for the chapter, newest first', async () => {
    const mine = draft({ changed_at: 300_000, content: 'this tab' });
    const other = draft({ key: 'u_1:c_1:another-tab', changed_at: 400_000, content: 'other tab' });
    await saveDraft(mine);
    await saveDraft(other);
    await saveDraft(draft({ key: 'u_1:c_2:another-tab' }));
    expect((await loadDrafts('u_1', 'c_1')).map((d) => d.content)).toEqual([
      'other tab',
      'this tab',
    ]);
    // This page's save deletes only its own draft.
    await deleteDraft(mine.key);
    expect((await loadDrafts('u_1', 'c_1')).map((d) => d.content)).toEqual(['other tab']);
    await deleteDraft(other.key);
  });

  it('judges a draft by the server version it was based on, never by clocks', () => {
    const server = { name: 'Title', content: 'saved text', updated_at: 100 };
    // Same base, different text: offered for restoring, however the two clocks disagree
    // (written "before" the server copy by this device's clock, or long after).
    expect(judgeDraft(draft({ changed_at: 1 }), server)).toBe('restore');
    expect(judgeDraft(draft({ changed_at: 9e12 }), server)).toBe('restore');
    // The server copy moved on since the draft's base: both versions go to the writer.
    expect(judgeDraft(draft({ base_updated_at: 99 }), server)).toBe('conflict');
    expect(judgeDraft(draft({ base_updated_at: 101 }), server)).toBe('conflict');
    // The server holds the text word for word: done with, whatever the base.
    expect(judgeDraft(draft({ content: 'saved text', base_updated_at: 42 }), server)).toBe('saved');
  });

  it('keeps a draft synchronously in localStorage, where a reload or crash finds it', async () => {
    const key = draftKey('u_3', 'c_1');
    expect(keepDraft(draft({ key, content: 'kept at once', revision: 5 }))).toBe(true);
    // Written in this task: a new page reading localStorage alone finds the text.
    const raw = localStorage.getItem(`drafts:${key}`);
    expect(JSON.parse(raw!)).toMatchObject({ content: 'kept at once', base_updated_at: 100 });
    expect((await loadDrafts('u_3', 'c_1')).map((d) => d.content)).toEqual(['kept at once']);
    await deleteDraft(key);
    expect(localStorage.getItem(`drafts:${key}`)).toBeNull();
    expect(await loadDrafts('u_3', 'c_1')).toEqual([]);
  });

  it('of the two copies of one page’s draft, the later edit wins (its counter, not a clock)', async () => {
    const key = draftKey('u_4', 'c_1');
    // The bulk copy lags behind: the synchronous one has the later edit.
    await storeDraft(draft({ key, content: 'older', revision: 3, changed_at: 9e12 }));
    keepDraft(draft({ key, content: 'newer', revision: 4, changed_at: 1 }));
    expect((await loadDrafts('u_4', 'c_1')).map((d) => d.content)).toEqual(['newer']);
    await deleteDraft(key);
  });

  it('keeps each change as a small edit against the whole copy, which a new page applies', async () => {
    const key = draftKey('u_6', 'c_1');
    const long = '长'.repeat(20_000);
    const typed = (k: number) => long.slice(0, 9_000) + 'x'.repeat(k) + long.slice(9_000);
    expect(keepDraft(draft({ key, content: long, revision: 1 }), { whole: true })).toBe(true);
    for (let k = 1; k <= 30; k += 1)
      expect(keepDraft(draft({ key, name: 'Renamed', content: typed(k), revision: 1 + k }))).toBe(
        true,
      );
    // The per-change write is the edit, not the chapter; the whole copy is the one kept before.
    expect(localStorage.getItem(`drafts:${key}#edit`)!.length).toBeLessThan(300);
    expect(JSON.parse(localStorage.getItem(`drafts:${key}`)!)).toMatchObject({ revision: 1 });
    // A reload or a crash: a new page (no memory of this one) reads localStorage alone.
    vi.resetModules();
    const fresh = await import('./drafts');
    const [found] = await fresh.loadDrafts('u_6', 'c_1');
    expect(found).toMatchObject({ key, name: 'Renamed', content: typed(30), revision: 31 });
    // A new whole copy supersedes the edit; an edit against another copy is never applied.
    expect(keepDraft(draft({ key, content: typed(31), revision: 32 }), { whole: true })).toBe(true);
    expect(localStorage.getItem(`drafts:${key}#edit`)).toBeNull();
    localStorage.setItem(
      `drafts:${key}#edit`,
      JSON.stringify({ base: 31, length: 1, start: 0, end: 0, text: 'stale', name: 'N' }),
    );
    expect((await fresh.loadDrafts('u_6', 'c_1')).map((d) => d.content)).toEqual([typed(31)]);
    await deleteDraft(key);
    expect(Object.keys(localStorage).filter((k) => k.startsWith(`drafts:${key}`))).toEqual([]);
  });

  it('an edit anywhere (typed, deleted, replaced, at either end) reads back exactly', async () => {
    const key = draftKey('u_7', 'c_1');
    const base = '段落文字'.repeat(1_500) + '\n' + 'ab'.repeat(2_000);
    expect(keepDraft(draft({ key, content: base, revision: 1 }), { whole: true })).toBe(true);
    vi.resetModules();
    const fresh = await import('./drafts');
    let revision = 1;
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: base.length }),
        fc.nat({ max: 1_500 }),
        fc.string({ maxLength: 30 }),
        async (at, removed, typed) => {
          const content = base.slice(0, at) + typed + base.slice(at + removed);
          revision += 1;
          expect(keepDraft(draft({ key, content, revision }))).toBe(true);
          const [found] = await fresh.loadDrafts('u_7', 'c_1');
          expect(found?.content).toBe(content);
        },
      ),
      { numRuns: 200 },
    );
    await deleteDraft(key);
  });

  it('the demo reset drops the synchronous copies too, and no later write brings one back', async () => {
    keepDraft(draft({ key: draftKey('u_5', 'c_1') }));
    deleteAllDrafts();
    expect(Object.keys(localStorage).filter((k) => k.startsWith('drafts:'))).toEqual([]);
    // The page reloads next: its editor's last write (on pagehide) must not bring one back.
    keepDraft(draft({ key: draftKey('u_5', 'c_1') }));
    expect(Object.keys(localStorage).filter((k) => k.startsWith('drafts:'))).toEqual([]);
    expect(await loadDrafts('u_5', 'c_1')).toEqual([]);
  });
});
