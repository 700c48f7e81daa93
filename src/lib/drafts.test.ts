import { describe, expect, it } from 'vitest';
import { deleteDraft, draftKey, isNewerDraft, loadDraft, saveDraft, type Draft } from './drafts';

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
    expect(await loadDraft(draftKey('u_1', 'c_1'))).toMatchObject({ content: 'typed text' });
    expect(await loadDraft(draftKey('u_2', 'c_1'))).toBeNull();
    await deleteDraft(draftKey('u_1', 'c_1'));
    expect(await loadDraft(draftKey('u_1', 'c_1'))).toBeNull();
  });

  it('offers a draft only when it differs and is newer than the server copy', () => {
    const server = { name: 'Title', content: 'saved text', updated_at: 150 };
    expect(isNewerDraft(draft(), server)).toBe(true);
    expect(isNewerDraft(draft({ changed_at: 150_000 }), server)).toBe(false);
    expect(isNewerDraft(draft({ content: 'saved text' }), server)).toBe(false);
    expect(isNewerDraft(null, server)).toBe(false);
  });
});
