import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { dialogStore } from '@/components/ui/dialog/dialog-store';
import { i18next } from '@/lib/i18n';
import { clock } from '@mocks/clock';
import { db } from '@mocks/db';
import { server } from '@mocks/server';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { uploadMaintenance } from '@mocks/scenarios/upload';
import { renderWithProviders, signedInState } from '@/testing/render';
import { ui } from '@/testing/ui';
import { installManualClock } from '@/testing/manual-clock';
import { ReportDialog, type ReportTarget } from './report-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

/** A story someone else shared on the square: reportable by the seeded author. */
function sharedStory(): ReportTarget {
  const story = db.stories.findFirst((q) =>
    q.where((s) => s.share_status === 'square' && s.deleted_at === 0 && s.uid !== AUTHOR_UID),
  );
  if (!story?.share_id) throw new Error('the seed has no shared story of another author');
  return { kind: 'story', id: story.share_id, title: story.title };
}

const jpeg = (name: string) =>
  new File([new Uint8Array([255, 216, 255, 224, 0, 16])], name, { type: 'image/jpeg' });

async function renderReport(target: ReportTarget = sharedStory(), signedIn = true) {
  const onClose = vi.fn();
  const view = renderWithProviders(
    <ReportDialog dialogId={1} onClose={onClose} target={target} />,
    {
      preloadedState: signedIn ? await signedInState() : {},
    },
  );
  return { ...view, onClose, target };
}

async function form(target: ReportTarget) {
  const name = target.title
    ? t(`social:report.titleOf.${target.kind}`, { title: target.title })
    : t(`social:report.title.${target.kind}`);
  return within(await ui.dialog(name));
}

const submitButton = (dialog: ReturnType<typeof within>) =>
  dialog.getByRole('button', { name: t('social:report.submit') });

describe('ReportDialog', () => {
  it('requires a reason, at the reasons, and sends nothing without one', async () => {
    const { user, target, onClose } = await renderReport();
    const dialog = await form(target);
    await user.click(submitButton(dialog));
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent(t('social:report.errors.typeRequired'));
    const first = dialog.getByRole('radio', { name: t('social:report.types.sexual') });
    // aria-invalid belongs to the group (a radio does not take it); the first radio, which
    // takes the focus, is described by the error.
    expect(dialog.getByRole('radiogroup')).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription(t('social:report.errors.typeRequired'));
    expect(db.reports.all()).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('counts the description live and refuses over 200 at the field without sending', async () => {
    const { user, target } = await renderReport();
    const dialog = await form(target);
    await user.click(dialog.getByRole('radio', { name: t('social:report.types.spam') }));
    const field = dialog.getByLabelText(t('social:report.descriptionLabel'));
    await user.type(field, '抄袭 of my story');
    expect(dialog.getByText('5/200')).toBeInTheDocument();
    await user.clear(field);
    await user.click(field);
    // A paste past the limit is cut to what fits, and says so.
    await user.paste('字'.repeat(201));
    expect(field).toHaveValue('字'.repeat(200));
    expect(dialog.getByText('200/200')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining(t('common:maxLength.pasteTrimmed', { max: 200 })),
    );
    // Typing past it is blocked.
    await user.type(field, '多');
    expect(field).toHaveValue('字'.repeat(200));
    // A text that arrives whole (autofill) can still be over: refused at the field.
    fireEvent.change(field, { target: { value: '字'.repeat(201) } });
    expect(dialog.getByText('201/200')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining(t('social:report.errors.descriptionTooLong')),
    );
    await user.click(submitButton(dialog));
    expect(db.reports.all()).toHaveLength(0);
  });

  it('sends the reason, the description and the uploaded images, then thanks and closes', async () => {
    const { user, target, onClose, store, container } = await renderReport();
    const dialog = await form(target);
    await user.click(dialog.getByRole('radio', { name: t('social:report.types.infringement') }));
    await user.type(dialog.getByLabelText(t('social:report.descriptionLabel')), '整段照搬');
    const input = container.ownerDocument.querySelector<HTMLInputElement>(
      '[data-testid="report-image-input"]',
    )!;
    // The uploads' result polls, once a second, run on the app's clock, moved on to each.
    const manual = installManualClock(Date.now());
    await user.upload(input, [jpeg('a.jpg'), jpeg('b.jpg')]);
    expect(dialog.getAllByRole('button', { name: /^View screenshot|^查看截图/ })).toHaveLength(2);
    expect(submitButton(dialog)).toBeDisabled();
    await manual.runTimersUntil(() => !submitButton(dialog).hasAttribute('disabled'));
    expect(submitButton(dialog)).toBeEnabled();
    await user.click(submitButton(dialog));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [report] = db.reports.all();
    expect(report).toMatchObject({
      reporter: AUTHOR_UID,
      target_kind: 'story',
      target_id: target.id,
      type: 'infringement',
      description: '整段照搬',
    });
    expect(report!.images).toHaveLength(2);
    expect(store.getState().toast.current?.msg).toBe(t('social:report.sent'));
  });

  it('takes at most 3 images and says so; a removed one frees its place', async () => {
    const { user, target, container } = await renderReport();
    const dialog = await form(target);
    const input = container.ownerDocument.querySelector<HTMLInputElement>(
      '[data-testid="report-image-input"]',
    )!;
    await user.upload(input, [jpeg('1.jpg'), jpeg('2.jpg'), jpeg('3.jpg'), jpeg('4.jpg')]);
    const remove = (n: number) =>
      dialog.getByRole('button', { name: t('social:report.images.remove', { n }) });
    expect(remove(3)).toBeInTheDocument();
    expect(
      dialog.queryByRole('button', { name: t('social:report.images.remove', { n: 4 }) }),
    ).toBeNull();
    expect(dialog.getByRole('alert')).toHaveTextContent(
      t('social:report.images.limit', { max: 3 }),
    );
    expect(dialog.queryByRole('button', { name: t('social:report.images.add') })).toBeNull();
    await user.click(remove(2));
    expect(dialog.getByRole('button', { name: t('social:report.images.add') })).toBeInTheDocument();
    expect(dialog.queryByRole('alert')).toBeNull();
  });

  it('refuses a file that is not an image at the images', async () => {
    const { target, container } = await renderReport();
    const dialog = await form(target);
    const input = container.ownerDocument.querySelector<HTMLInputElement>(
      '[data-testid="report-image-input"]',
    )!;
    // user-event honours `accept`; a user can still pick any file with "all files".
    act(() => {
      Object.defineProperty(input, 'files', {
        configurable: true,
        value: [new File(['x'], 'notes.txt', { type: 'text/plain' })],
      });
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(await dialog.findByRole('alert')).toHaveTextContent(t('media:errors.notImage'));
    expect(
      dialog.queryByRole('button', { name: t('social:report.images.remove', { n: 1 }) }),
    ).toBeNull();
  });

  it('shows an image upload refusal at the image and keeps the others', async () => {
    server.use(...uploadMaintenance());
    const { user, target, container } = await renderReport();
    const dialog = await form(target);
    const input = container.ownerDocument.querySelector<HTMLInputElement>(
      '[data-testid="report-image-input"]',
    )!;
    await user.upload(input, jpeg('a.jpg'));
    expect(await dialog.findByRole('alert')).toHaveTextContent(t('media:errors.maintenance'));
  });

  it('opens an image in the image viewer', async () => {
    const { user, target, container } = await renderReport();
    const dialog = await form(target);
    const input = container.ownerDocument.querySelector<HTMLInputElement>(
      '[data-testid="report-image-input"]',
    )!;
    await user.upload(input, [jpeg('a.jpg'), jpeg('b.jpg')]);
    await user.click(
      dialog.getByRole('button', { name: t('social:report.images.open', { n: 2 }) }),
    );
    expect(dialogStore.getSnapshot().at(-1)).toMatchObject({
      name: 'imageViewer',
      props: { index: 1, images: [{ alt: t('social:report.images.alt', { n: 1 }) }, {}] },
    });
  });

  describe('refusals, each at its place, with everything typed kept', () => {
    async function reportWith(target: ReportTarget) {
      const view = await renderReport(target);
      const dialog = await form(target);
      await view.user.click(dialog.getByRole('radio', { name: t('social:report.types.other') }));
      const field = dialog.getByLabelText(t('social:report.descriptionLabel'));
      await view.user.type(field, '见第三章');
      await view.user.click(submitButton(dialog));
      return { ...view, dialog, field };
    }

    async function expectAboveButtons(target: ReportTarget, key: string) {
      const { dialog, field, onClose } = await reportWith(target);
      const alert = await dialog.findByRole('alert');
      expect(alert).toHaveTextContent(t(key));
      expect(alert.classList.contains('report-dialog__error')).toBe(true);
      expect(field).toHaveValue('见第三章');
      expect(dialog.getByRole('radio', { name: t('social:report.types.other') })).toBeChecked();
      expect(onClose).not.toHaveBeenCalled();
    }

    it('40324: the day’s reports are used', async () => {
      const target = sharedStory();
      const now = clock.nowS();
      for (let i = 0; i < 10; i += 1) {
        await db.reports.create({
          id: `rp_seed_${i}`,
          reporter: AUTHOR_UID,
          target_kind: 'user',
          target_id: `u_${i}`,
          type: 'spam',
          description: '',
          images: [],
          created_at: now,
        });
      }
      await expectAboveButtons(target, 'social:report.errors.dailyLimit');
    });

    it('42245: already reported', async () => {
      const target = sharedStory();
      await db.reports.create({
        id: 'rp_before',
        reporter: AUTHOR_UID,
        target_kind: 'story',
        target_id: target.id,
        type: 'spam',
        description: '',
        images: [],
        created_at: clock.nowS(),
      });
      await expectAboveButtons(target, 'social:report.errors.alreadyReported');
    });

    it('40406: the share is gone', async () => {
      await expectAboveButtons(
        { kind: 'universe', id: 'no-such-share' },
        'social:report.errors.shareMissing',
      );
    });

    it('40407: the user is gone', async () => {
      await expectAboveButtons(
        { kind: 'user', id: 'no-such-user', title: 'Ghost' },
        'social:report.errors.userMissing',
      );
    });

    it('42244: the server counts the description over 200, shown at the description', async () => {
      server.use(
        http.post('*/api/v1/reports', () =>
          HttpResponse.json(
            { error_code: 42244, error_msg: 'description too long' },
            { status: 422 },
          ),
        ),
      );
      const { dialog, field } = await reportWith(sharedStory());
      await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
      expect(field).toHaveAccessibleDescription(
        expect.stringContaining(t('social:report.errors.descriptionTooLong')),
      );
      expect(
        dialog.queryByText(t('social:report.errors.descriptionTooLong'), {
          selector: '.report-dialog__error',
        }),
      ).toBeNull();
      expect(field).toHaveValue('见第三章');
    });
  });

  it('closes on Esc', async () => {
    const { user, target, onClose } = await renderReport();
    const dialog = await form(target);
    expect(dialog.getByRole('radio', { name: t('social:report.types.sexual') })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('logged out, hands over to the login dialog and comes back after the login', async () => {
    const target = sharedStory();
    const { onClose } = await renderReport(target, false);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).toBeNull();
    const login = dialogStore.getSnapshot().at(-1)!;
    expect(login.name).toBe('login');
    act(() => (login.props as { onSuccess: () => void }).onSuccess());
    expect(dialogStore.getSnapshot().at(-1)).toMatchObject({ name: 'report', props: { target } });
  });
});
