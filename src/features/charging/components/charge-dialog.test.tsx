import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { dialogStore } from '@/components/ui/dialog/dialog-store';
import { changeLanguage, i18next } from '@/lib/i18n';
import { renderWithProviders, signedInState } from '@/testing/render';
import { db } from '@mocks/db';
import { freeZeroPower, newUser, vipSub } from '@mocks/scenarios/payment';
import { server } from '@mocks/server';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { ChargeDialog, type ChargeDialogProps } from './charge-dialog';
import { chargeRefused, ME, OTHER_AUTHOR, OTHER_SHARE, otherShare } from './charging.fixtures';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(`charging:${key}`, options);

async function renderCharge(
  props: ChargeDialogProps = { author: OTHER_AUTHOR, share: otherShare },
) {
  const onClose = vi.fn();
  const view = renderWithProviders(<ChargeDialog dialogId={1} {...props} onClose={onClose} />, {
    preloadedState: await signedInState(),
    route: '/',
  });
  return { ...view, onClose };
}

/** The option of `amount` power (its label ends "· 500 power"; 500 must not match 5000). */
const option = (amount: number) => screen.findByRole('radio', { name: new RegExp(`· ${amount} `) });
const send = () => screen.getByRole('button', { name: new RegExp(t('charge.send')) });
const charges = () => db.charges.findMany((q) => q.where({ uid: AUTHOR_UID }));

describe('ChargeDialog', () => {
  it('requires an amount, then tips with the message and opens the care dialog', async () => {
    await vipSub();
    const before = charges().length;
    const { user, onClose, store } = await renderCharge();
    await option(500);
    await user.click(send());
    expect(await screen.findByText(t('charge.optionRequired'))).toBeVisible();
    expect(charges()).toHaveLength(before);

    await user.click(await option(500));
    expect(send()).toHaveAccessibleName(t('charge.sendAmount', { amount: '500' }));
    await user.type(screen.getByLabelText(t('charge.message')), '写得真好');
    expect(screen.getByText('4/50')).toBeVisible();
    await user.click(send());

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const mine = charges().filter((c) => c.share_id === OTHER_SHARE.share_id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ amount: 500, message: '写得真好' });
    expect(dialogStore.isOpen('care')).toBe(true);
    expect(store.getState().toast.current?.msg).toBe(t('charge.done', { amount: '500' }));
  });

  it('counts the message live and refuses more than 50 at the field, without sending', async () => {
    await vipSub();
    const before = charges().length;
    const { user } = await renderCharge();
    await user.click(await option(500));
    const field = screen.getByLabelText(t('charge.message'));
    await user.click(field);
    // A paste past the limit is cut to what fits and says so; typing on is blocked.
    await user.paste('好'.repeat(51));
    expect(field).toHaveValue('好'.repeat(50));
    expect(screen.getByText('50/50')).toBeVisible();
    expect(screen.getByText(i18next.t('common:maxLength.pasteTrimmed', { max: 50 }))).toBeVisible();
    await user.type(field, '多');
    expect(field).toHaveValue('好'.repeat(50));
    // A text that arrives whole (autofill) can still be over: refused at the field.
    fireEvent.change(field, { target: { value: '好'.repeat(51) } });
    expect(screen.getByText('51/50')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(t('charge.messageTooLong', { max: 50 }))).toBeVisible();
    await user.click(send());
    expect(field).toHaveFocus();
    expect(charges()).toHaveLength(before);
  });

  it('one’s own work: says so instead of the form, asking nothing', async () => {
    await renderCharge({
      author: ME,
      share: { shareId: 's_any', title: 'Mine', kind: 'story' },
    });
    expect(screen.getByText(t('charge.gate.self'))).toBeVisible();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('members only (40335): the form gives way to the way to membership', async () => {
    await freeZeroPower();
    const { user } = await renderCharge();
    await user.click(await option(100));
    await user.click(send());
    expect(await screen.findByText(t('charge.gate.membersOnly'))).toBeVisible();
    expect(screen.getByRole('link', { name: t('charge.toVip') })).toHaveAttribute(
      'href',
      '/dashboard/vip',
    );
  });

  it('new users not yet (40336)', async () => {
    await newUser();
    const { user } = await renderCharge();
    await user.click(await option(100));
    await user.click(send());
    expect(await screen.findByText(t('charge.gate.newUser'))).toBeVisible();
  });

  it('sensitive content (42203) at the message, keeping the text', async () => {
    await vipSub();
    const { user } = await renderCharge();
    await user.click(await option(100));
    await user.type(screen.getByLabelText(t('charge.message')), 'bomb recipe');
    await user.click(send());
    expect(await screen.findByText(t('errors.sensitive'))).toBeVisible();
    expect(screen.getByLabelText(t('charge.message'))).toHaveValue('bomb recipe');
  });

  it.each([
    [40260, 'errors.notEnoughPower'],
    [40406, 'errors.shareMissing'],
    [40417, 'errors.optionMissing'],
    [42244, 'errors.messageTooLong'],
  ])('%i: its message, the choice kept', async (code, key) => {
    await vipSub();
    server.use(...chargeRefused(code));
    const { user } = await renderCharge();
    await user.click(await option(1000));
    await user.click(send());
    expect(await screen.findByText(new RegExp(t(key)))).toBeVisible();
    expect(await option(1000)).toBeChecked();
    if (code === 40260)
      expect(screen.getByRole('link', { name: t('charge.buyPower') })).toHaveAttribute(
        'href',
        '/dashboard/package',
      );
  });

  it('from an author page: asks which of their works, then tips it', async () => {
    await vipSub();
    const { user, onClose } = await renderCharge({ author: OTHER_AUTHOR });
    const select = await screen.findByRole('combobox', { name: t('charge.work') });
    const choices = within(select).getAllByRole('option');
    expect(choices.length).toBeGreaterThan(0);
    await user.click(await option(100));
    await user.click(send());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(charges().some((c) => c.share_id === (select as HTMLSelectElement).value)).toBe(true);
  });

  it('labels the options in the language in use, also after a switch', async () => {
    const first = await renderCharge();
    expect(await screen.findByRole('radio', { name: /一杯清茶/ })).toBeVisible();
    first.unmount();
    await changeLanguage('en');
    try {
      renderWithProviders(
        <ChargeDialog dialogId={2} author={OTHER_AUTHOR} share={otherShare} onClose={vi.fn()} />,
        { store: first.store, route: '/' },
      );
      expect(await screen.findByRole('radio', { name: /A cup of tea/ })).toBeVisible();
    } finally {
      await changeLanguage('zh');
    }
  });
});
