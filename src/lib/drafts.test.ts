import { describe, expect, it } from 'vitest';
import { deleteDraft, draftKey, hasUnsavedText, loadDrafts, saveDraft, type Draft } from './drafts';

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
});
