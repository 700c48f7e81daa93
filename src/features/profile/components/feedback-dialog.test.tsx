import { describe, expect, it, vi } from 'vitest';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { i18next } from '@/lib/i18n';
import { FEEDBACK_PER_DAY, FEEDBACK_TEXT_MAX } from '@/rules/feedback';
import { renderWithProviders, signedInState } from '@/testing/render';
import { ui } from '@/testing/ui';
import { clock } from '@mocks/clock';
import { db } from '@mocks/db';
import { serverError } from '@mocks/scenarios';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { server } from '@mocks/server';
import { FeedbackDialog } from './feedback-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

async function renderFeedback(category?: 'appeal') {
  const onClose = vi.fn();
  const view = renderWithProviders(
    <FeedbackDialog dialogId={1} onClose={onClose} category={category} />,
    { preloadedState: await signedInState() },
  );
  const dialog = within(await ui.dialog(t('account:feedback.title')));
  const text = await dialog.findByLabelText(t('account:feedback.content'));
  const type = dialog.getByLabelText(t('account:feedback.category'));
  const send = dialog.getByRole('button', { name: t('account:feedback.send') });
  return { ...view, onClose, dialog, text, type, send };
}

const sent = () => db.feedback.findMany((q) => q.where({ uid: AUTHOR_UID }));

describe('FeedbackDialog', () => {
  it('sends an appeal once, says so and closes', async () => {
    const { user, text, type, send, onClose, store } = await renderFeedback('appeal');
    expect(type).toHaveValue('appeal');
    expect(text).toHaveFocus();
    await user.type(text, '我的输入没有违规');
    expect(within(text.closest('.field')!).getByText(`8/${FEEDBACK_TEXT_MAX}`)).toBeVisible();
    // A double click: the second lands while the first is on its way.
    fireEvent.click(send);
    fireEvent.click(send);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent()).toEqual([
      expect.objectContaining({ category: 'appeal', content: '我的输入没有违规' }),
    ]);
    expect(store.getState().toast.current?.msg).toBe(t('account:feedback.sent'));
  });

  it('refuses a blank text at the field and sends nothing', async () => {
    const { user, dialog, text, send, onClose } = await renderFeedback();
    await user.type(text, '   ');
    await user.click(send);
    expect(await dialog.findByRole('alert')).toHaveTextContent(t('account:feedback.errors.empty'));
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(text).toHaveFocus();
    expect(sent()).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('the same text twice a day: refused at the field, with the text kept', async () => {
    const first = await renderFeedback();
    await first.user.type(first.text, '保存按钮没反应');
    await first.user.click(first.send);
    await waitFor(() => expect(first.onClose).toHaveBeenCalled());
    first.unmount();
    const again = await renderFeedback();
    await again.user.type(again.text, '保存按钮没反应');
    await again.user.click(again.send);
    expect(await again.dialog.findByRole('alert')).toHaveTextContent(
      t('account:feedback.errors.duplicate'),
    );
    expect(again.text).toHaveValue('保存按钮没反应');
    expect(again.text).toHaveAttribute('aria-invalid', 'true');
  });

  it('the daily limit is said above the buttons', async () => {
    for (let i = 0; i < FEEDBACK_PER_DAY; i += 1)
      await db.feedback.create({
        id: `fb_${i}`,
        uid: AUTHOR_UID,
        category: 'other',
        content: `第 ${i} 条`,
        created_at: clock.nowS(),
      });
    const { user, dialog, text, send } = await renderFeedback();
    await user.type(text, '再来一条');
    await user.click(send);
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent(t('account:feedback.errors.dailyLimit'));
    expect(text).not.toHaveAttribute('aria-invalid');
  });

  it('a server failure names itself and its id; the text is kept for another try', async () => {
    const { user, dialog, text, send, onClose } = await renderFeedback();
    await user.type(text, '反馈');
    server.use(...serverError());
    await user.click(send);
    expect(await dialog.findByRole('alert')).toHaveTextContent(/服务出错了.*错误编号：err_/);
    expect(text).toHaveValue('反馈');
    expect(send).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a refusal the server words differently is still translated (too long)', async () => {
    server.use(
      mswHttp.post('*/api/v1/feedback', () =>
        HttpResponse.json(
          { error_code: 42244, error_msg: 'content too long', content: null },
          { status: 422 },
        ),
      ),
    );
    const { user, dialog, text, send } = await renderFeedback();
    await user.type(text, '好');
    await user.click(send);
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      t('account:feedback.errors.tooLong', { max: FEEDBACK_TEXT_MAX }),
    );
  });

  it('closes on Esc', async () => {
    const { user, onClose, text } = await renderFeedback();
    expect(text).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
