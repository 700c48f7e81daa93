import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { openDialog } from '@/components/ui/dialog/dialog-store';
import { i18next } from '@/lib/i18n';
import { renderApp, signedInState } from '@/testing/render';
import { ui } from '@/testing/ui';
import { db } from '@mocks/db';
import { AUTHOR_UID } from '@mocks/seed-ids';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

describe('the appeal path', () => {
  it('「可通过反馈申诉」 opens the feedback form as an appeal, and it is sent', async () => {
    const { user, store } = renderApp('/dashboard/novels', {
      preloadedState: await signedInState(),
    });
    // The page has settled (its start-up is over) before the notice opens.
    await screen.findByRole('button', { name: new RegExp(t('common:auth.account')) });
    act(() => {
      openDialog('warn', { warning: { kind: 'suspended', untilMs: null, windowMinutes: 60 } });
    });
    const warn = await ui.dialog(t('writing:ai.warn.suspendedTitle'));
    expect(warn).toHaveTextContent(t('writing:ai.warn.appeal'));
    await user.click(within(warn).getByRole('button', { name: t('writing:ai.warn.appealOpen') }));
    const feedback = within(await ui.dialog(t('account:feedback.title')));
    await waitFor(() => expect(ui.queryDialog(t('writing:ai.warn.suspendedTitle'))).toBeNull());
    expect(feedback.getByLabelText(t('account:feedback.category'))).toHaveValue('appeal');
    const text = feedback.getByLabelText(t('account:feedback.content'));
    await waitFor(() => expect(text).toHaveFocus());
    await user.type(text, '我没有输入违规内容');
    await user.click(feedback.getByRole('button', { name: t('account:feedback.send') }));
    await waitFor(() => expect(ui.queryDialog(t('account:feedback.title'))).toBeNull());
    expect(db.feedback.findMany((q) => q.where({ uid: AUTHOR_UID }))).toEqual([
      expect.objectContaining({ category: 'appeal', content: '我没有输入违规内容' }),
    ]);
    expect(store.getState().toast.current?.msg).toBe(t('account:feedback.sent'));
  });

  it('a banned user appeals from the ban dialog, which stays', async () => {
    const { user } = renderApp('/dashboard/novels', { preloadedState: await signedInState() });
    await screen.findByRole('button', { name: new RegExp(t('common:auth.account')) });
    act(() => {
      openDialog('ban', { endS: null });
    });
    const ban = await ui.dialog(t('session:ban.title'));
    expect(ban).toHaveTextContent(t('session:ban.appeal'));
    await user.click(within(ban).getByRole('button', { name: t('session:ban.appealOpen') }));
    const feedback = within(await ui.dialog(t('account:feedback.title')));
    expect(feedback.getByLabelText(t('account:feedback.category'))).toHaveValue('appeal');
    const text = feedback.getByLabelText(t('account:feedback.content'));
    await waitFor(() => expect(text).toHaveFocus());
    await user.type(text, '封禁有误，请复核');
    await user.click(feedback.getByRole('button', { name: t('account:feedback.send') }));
    await waitFor(() => expect(ui.queryDialog(t('account:feedback.title'))).toBeNull());
    expect(db.feedback.findMany((q) => q.where({ uid: AUTHOR_UID }))).toEqual([
      expect.objectContaining({ category: 'appeal', content: '封禁有误，请复核' }),
    ]);
    expect(ui.queryDialog(t('session:ban.title'))).toBeInTheDocument();
  });

  it('the account menu has 意见反馈; Esc closes it and gives the focus back', async () => {
    const { user } = renderApp('/dashboard/novels', { preloadedState: await signedInState() });
    await ui.openAccountMenu(user);
    const item = await screen.findByRole('button', { name: t('common:auth.feedback') });
    await user.click(item);
    const dialog = await ui.dialog(t('account:feedback.title'));
    const type = within(dialog).getByLabelText(t('account:feedback.category'));
    expect(type).toHaveValue('other');
    await waitFor(() => expect(type).toHaveFocus());
    // The focus stays inside while tabbing round.
    for (let i = 0; i < 6; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(ui.queryDialog(t('account:feedback.title'))).toBeNull());
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: new RegExp(t('common:auth.account')) }),
      ).toHaveFocus(),
    );
  });
});
