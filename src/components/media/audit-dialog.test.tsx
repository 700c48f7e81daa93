import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { i18next } from '@/lib/i18n';
import { clock } from '@mocks/clock';
import { db } from '@mocks/db';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { renderWithProviders, signedInState } from '@/testing/render';
import { AuditDialog } from './audit-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

/** An uploaded image of the author, `pollsLeft` audit answers before it is decided. */
async function storedImage(passed: boolean, pollsLeft = 0) {
  const id = `img_test${Math.random().toString(36).slice(2, 8)}`;
  await db.uploads.create({
    id,
    query_id: `q_${id}`,
    uid: AUTHOR_UID,
    purpose: 'cover',
    target: '',
    content_type: 'image/jpeg',
    size: 3,
    data_url: 'data:image/jpeg;base64,AAAA',
    created_at: clock.nowMs(),
    polls_left: pollsLeft,
    status: pollsLeft > 0 ? 'pending' : 'done',
    passed,
  });
  return id;
}

async function renderAudit(imageId: string, onPassed?: (url: string) => void) {
  const onClose = vi.fn();
  const view = renderWithProviders(
    <AuditDialog
      dialogId={1}
      imageId={imageId}
      onClose={onClose}
      {...(onPassed ? { onPassed } : {})}
    />,
    { preloadedState: await signedInState() },
  );
  const dialog = await screen.findByRole('dialog', { name: t('media:audit.title') });
  return { ...view, onClose, dialog: within(dialog) };
}

describe('AuditDialog', () => {
  it('pending: says so and checks again on demand until the image passes, then offers it', async () => {
    const id = await storedImage(true, 3);
    const onPassed = vi.fn();
    const { user, dialog, onClose } = await renderAudit(id, onPassed);
    expect(await dialog.findByText(t('media:audit.pending'))).toBeInTheDocument();
    const again = () => user.click(dialog.getByRole('button', { name: t('media:audit.checkNow') }));
    await again();
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: t('media:audit.checkNow') })).toBeEnabled(),
    );
    await again();
    expect(await dialog.findByText(t('media:audit.passed'))).toBeInTheDocument();
    expect(dialog.getByRole('img', { name: t('media:audit.preview') })).toHaveAttribute(
      'src',
      `/mock-oss/files/${id}`,
    );
    await user.click(dialog.getByRole('button', { name: t('media:audit.use') }));
    expect(onPassed).toHaveBeenCalledWith(`/mock-oss/files/${id}`);
    expect(onClose).toHaveBeenCalled();
  });

  it('passed without a caller to take it: only close', async () => {
    const { dialog } = await renderAudit(await storedImage(true));
    expect(await dialog.findByText(t('media:audit.passed'))).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: t('media:audit.use') })).toBeNull();
    expect(dialog.queryByRole('button', { name: t('media:audit.checkNow') })).toBeNull();
  });

  it('rejected: the reason, and no way to use it', async () => {
    const { dialog } = await renderAudit(await storedImage(false));
    expect(await dialog.findByText(t('media:audit.rejected'))).toBeInTheDocument();
    expect(dialog.getByText(t('media:audit.reasons.sensitive'))).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: t('media:audit.use') })).toBeNull();
  });

  it('an unknown image (40405): the message and a retry', async () => {
    const { dialog } = await renderAudit('img_missing');
    expect(await dialog.findByRole('alert')).toHaveTextContent(t('media:errors.imageMissing'));
    expect(dialog.getByRole('button', { name: t('common:actions.retry') })).toBeInTheDocument();
  });
});
