import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { i18next } from '@/lib/i18n';
import { db } from '@mocks/db';
import { monthKey } from '@mocks/handlers/profile';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { renderWithProviders, signedInState } from '@/testing/render';
import { ui } from '@/testing/ui';
import { NicknameDialog } from './nickname-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const authorName = () => db.users.findFirst((q) => q.where({ uid: AUTHOR_UID }))!.nickname;

async function renderNickname() {
  const onClose = vi.fn();
  const view = renderWithProviders(
    <NicknameDialog dialogId={1} onClose={onClose} current={authorName()} />,
    { preloadedState: await signedInState() },
  );
  const dialog = within(await ui.dialog(t('account:nickname.title')));
  const field = await dialog.findByLabelText(t('account:nickname.label'));
  return { ...view, onClose, dialog, field };
}

describe('NicknameDialog', () => {
  it('shows the counter and the month’s remaining changes', async () => {
    const { dialog } = await renderNickname();
    expect(
      await dialog.findByText(t('account:remaining', { remaining: 3, total: 3 })),
    ).toBeInTheDocument();
    expect(dialog.getByText(`${[...authorName()].length}/30`)).toBeInTheDocument();
  });

  it('refuses symbols at the field and sends nothing', async () => {
    const { user, dialog, field, onClose } = await renderNickname();
    const before = authorName();
    await user.clear(field);
    await user.type(field, 'ink!');
    await user.click(dialog.getByRole('button', { name: t('account:save') }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(t('errors:profile.nicknameSymbols'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field.getAttribute('aria-describedby')).toContain(dialog.getByRole('alert').id);
    expect(authorName()).toBe(before);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses an empty and a 31-character nickname at the field', async () => {
    const { user, dialog, field } = await renderNickname();
    await user.clear(field);
    await user.click(dialog.getByRole('button', { name: t('account:save') }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(t('errors:profile.nicknameEmpty'));
    // A nickname that arrives whole (autofill) can be longer than typing allows.
    fireEvent.change(field, { target: { value: 'a'.repeat(31) } });
    await user.click(dialog.getByRole('button', { name: t('account:save') }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(t('errors:profile.nicknameTooLong'));
  });

  it('stops typing at 30 characters, the counter at 30/30, and trims a long paste', async () => {
    const { user, dialog, field } = await renderNickname();
    await user.clear(field);
    await user.type(field, 'a'.repeat(31));
    expect(field).toHaveValue('a'.repeat(30));
    expect(dialog.getByText('30/30')).toBeInTheDocument();
    expect(dialog.getByRole('alert')).toHaveTextContent(t('common:maxLength.typing', { max: 30 }));
    await user.clear(field);
    await user.paste('墨'.repeat(40));
    expect(field).toHaveValue('墨'.repeat(30));
    expect(dialog.getByRole('alert')).toHaveTextContent(
      t('common:maxLength.pasteTrimmed', { max: 30 }),
    );
  });

  it('shows the server’s sensitive-word refusal (42253) at the field', async () => {
    const { user, dialog, field } = await renderNickname();
    await user.clear(field);
    await user.type(field, '官方客服');
    await user.click(dialog.getByRole('button', { name: t('account:save') }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      t('errors:profile.nicknameSensitive'),
    );
  });

  it('changes the nickname, closes and confirms', async () => {
    const { user, dialog, field, onClose, store } = await renderNickname();
    await user.clear(field);
    await user.type(field, '新的 名字_1');
    await user.click(dialog.getByRole('button', { name: t('account:save') }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(authorName()).toBe('新的 名字_1');
    expect(store.getState().toast.current?.msg).toBe(t('account:nickname.saved'));
  });

  it('shows the server’s monthly-limit refusal (40332) at the field when the changes ran out meanwhile', async () => {
    const { user, dialog, field, onClose } = await renderNickname();
    await dialog.findByText(t('account:remaining', { remaining: 3, total: 3 }));
    const before = authorName();
    // Used up in another tab after this dialog read the limits.
    await db.profileLimits.create({
      uid: AUTHOR_UID,
      month: monthKey(),
      avatar_used: 0,
      nickname_used: 3,
    });
    await user.clear(field);
    await user.type(field, '新名字');
    await user.click(dialog.getByRole('button', { name: t('account:save') }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      t('errors:profile.nicknameMonthlyLimit'),
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('新名字');
    expect(authorName()).toBe(before);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says when the month’s changes are used up and does not offer saving', async () => {
    await db.profileLimits.create({
      uid: AUTHOR_UID,
      month: monthKey(),
      avatar_used: 0,
      nickname_used: 3,
    });
    const { dialog } = await renderNickname();
    expect(await dialog.findByText(t('errors:profile.nicknameMonthlyLimit'))).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: t('account:save') })).toBeDisabled();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
