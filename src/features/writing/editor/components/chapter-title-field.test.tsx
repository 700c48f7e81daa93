import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { i18next } from '@/lib/i18n';
import { deleteDraft, draftKey } from '@/lib/drafts';
import { TITLE_MAX } from '@/rules/titles';
import { db } from '@mocks/db';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { server } from '@mocks/server';
import { installManualClock, type ManualClock } from '@/testing/manual-clock';
import { renderApp, signedInState } from '@/testing/render';
import { AUTOSAVE_DELAY_MS } from '../hooks/use-chapter-save';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const STORY = 'n_lcygh4duya';
const CHAPTER = 'c_e810wl79lf';
const chapterRow = () => db.chapters.findFirst((q) => q.where({ id: CHAPTER }))!;

/** The names every chapter save carried (the request as it left the client). */
const sentNames: string[] = [];
const record = ({ request }: { request: Request }) => {
  if (request.method === 'PUT' && request.url.includes(`/chapters/${CHAPTER}/content`))
    void request
      .clone()
      .json()
      .then((b: { name: string }) => sentNames.push(b.name));
};

async function openEditor() {
  const view = renderApp(paths.editor.getHref({ nid: STORY, cid: CHAPTER }), {
    preloadedState: await signedInState(),
  });
  const title = await screen.findByLabelText(t('writing:editor.chapterTitle'));
  return { ...view, title: title as HTMLInputElement };
}

/** The app's clock, moved only by the test: the autosave runs when it is advanced. */
let manual: ManualClock;
/** Moves the app's clock past the autosave (1.5 s after typing stops): it has run now. */
const afterAutosave = () => manual.advance(AUTOSAVE_DELAY_MS);

function paste(input: HTMLInputElement, text: string) {
  const data = { getData: (type: string) => (type === 'text/plain' ? text : '') };
  return fireEvent.paste(input, { clipboardData: data });
}

describe('the editor’s chapter title follows the chapter-name rule', () => {
  beforeEach(async () => {
    sentNames.length = 0;
    manual = installManualClock();
    server.events.on('request:start', record);
    await deleteDraft(draftKey(AUTHOR_UID, CHAPTER));
  });
  afterEach(() => {
    server.events.removeListener('request:start', record);
  });

  it('a blank or whitespace-only title is flagged at the field and never sent', async () => {
    const saved = chapterRow().name;
    const { title, user } = await openEditor();
    await user.clear(title);
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription(t('writing:editor.titleRequired'));
    await user.type(title, '   ');
    expect(screen.getByRole('alert')).toHaveTextContent(t('writing:editor.titleRequired'));
    await afterAutosave();
    expect(chapterRow().name).toBe(saved);
    expect(sentNames.every((n) => n.trim() !== '')).toBe(true);
  });

  it('typing past 30 counted characters is blocked at the limit, with a message', async () => {
    const { title, user } = await openEditor();
    await user.clear(title);
    await user.type(title, '章'.repeat(TITLE_MAX + 2));
    expect(title).toHaveValue('章'.repeat(TITLE_MAX));
    expect(screen.getByRole('alert')).toHaveTextContent(
      t('common:maxLength.typing', { max: TITLE_MAX }),
    );
  });

  it('a title over 30 counted characters is flagged and not saved; shortening it saves it', async () => {
    const { title, user } = await openEditor();
    await user.clear(title);
    await user.type(title, '章'.repeat(TITLE_MAX));
    await afterAutosave();
    await waitFor(() => expect(chapterRow().name).toBe('章'.repeat(TITLE_MAX)));
    // Typing stops at the limit; a text that arrives whole (autofill) is flagged instead.
    fireEvent.change(title, { target: { value: '章'.repeat(TITLE_MAX + 1) } });
    expect(title).toHaveValue('章'.repeat(TITLE_MAX + 1));
    expect(screen.getByRole('alert')).toHaveTextContent(
      t('writing:editor.titleTooLong', { max: TITLE_MAX }),
    );
    await afterAutosave();
    expect(chapterRow().name).toBe('章'.repeat(TITLE_MAX));
    expect(sentNames).not.toContain('章'.repeat(TITLE_MAX + 1));
    await user.type(title, '{Backspace}');
    expect(title).not.toHaveAttribute('aria-invalid');
  });

  it('a 1 MB paste is refused whole with a message, not cut, and nothing is sent', async () => {
    const { title } = await openEditor();
    const before = title.value;
    const notCancelled = paste(title, 'x'.repeat(1_000_000));
    expect(notCancelled).toBe(false);
    expect(title).toHaveValue(before);
    expect(screen.getByRole('alert')).toHaveTextContent(
      t('writing:editor.titlePasteRefused', { max: TITLE_MAX }),
    );
    await afterAutosave();
    expect(sentNames).toEqual([]);
    // A paste that fits goes through as usual.
    title.setSelectionRange(0, before.length);
    expect(paste(title, '新名')).toBe(true);
  });

  it('strips bidi control characters as they arrive', async () => {
    const { title, user } = await openEditor();
    await user.clear(title);
    await user.type(title, '\u202Egnp.exe');
    expect(title).toHaveValue('gnp.exe');
    await afterAutosave();
    await waitFor(() => expect(chapterRow().name).toBe('gnp.exe'));
  });
});
