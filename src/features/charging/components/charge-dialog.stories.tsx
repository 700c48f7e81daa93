import type { Meta, StoryObj } from '@storybook/react-vite';
import { http as mswHttp } from 'msw';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { apiError } from '@mocks/http';
import { ChargeDialog } from './charge-dialog';
import { chargeRefused, ME, OTHER_AUTHOR, otherShare } from './charging.fixtures';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(`charging:${key}`, options);

const meta = {
  title: 'Charging/Charge dialog',
  component: ChargeDialog,
  args: { dialogId: 1, author: OTHER_AUTHOR, share: otherShare, onClose: fn() },
  parameters: {
    scenarios: ['signed-in', 'vip-sub'],
    route: '/',
    appFrame: true,
    msw: { handlers },
  },
} satisfies Meta<typeof ChargeDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const option = (amount: number) => screen.findByRole('radio', { name: new RegExp(`· ${amount} `) });
const send = () => screen.getByRole('button', { name: new RegExp(t('charge.send')) });

/** A member tips another author's work: the options, the message and its live counter. */
export const Form: Story = {
  play: async () => {
    await userEvent.click(await option(500));
    await userEvent.type(screen.getByLabelText(t('charge.message')), '期待更新');
    await expect(screen.getByText('4/50')).toBeVisible();
  },
};

/** From an author's page: which of their works the tip is for. */
export const FromAuthorPage: Story = {
  args: { share: undefined },
  play: async () => {
    await expect(await screen.findByRole('combobox', { name: t('charge.work') })).toBeVisible();
  },
};

/** Sending without an amount: the amount is required. */
export const AmountRequired: Story = {
  play: async () => {
    await option(100);
    await userEvent.click(send());
    await expect(await screen.findByText(t('charge.optionRequired'))).toBeVisible();
  },
};

/** A message pasted past 50 by the shared counter: cut to 50, said at the field. */
export const MessageAtLimit: Story = {
  play: async () => {
    await userEvent.click(await option(100));
    await userEvent.click(screen.getByLabelText(t('charge.message')));
    await userEvent.paste('好'.repeat(51));
    await expect(
      screen.getByText(i18next.t('common:maxLength.pasteTrimmed', { max: 50 })),
    ).toBeVisible();
    await expect(screen.getByText('50/50')).toBeVisible();
  },
};

/** One's own work: nothing to send. */
export const OwnWork: Story = {
  args: { author: ME, share: { shareId: 's_own', title: '白鹿旧事', kind: 'story' } },
  play: async () => {
    await expect(await screen.findByText(t('charge.gate.self'))).toBeVisible();
  },
};

/** A free user (the free-zero-power scenario): tipping is for members (40335). */
export const MembersOnly: Story = {
  parameters: { scenarios: ['signed-in', 'free-zero-power'] },
  play: async () => {
    await userEvent.click(await option(100));
    await userEvent.click(send());
    await expect(await screen.findByText(t('charge.gate.membersOnly'))).toBeVisible();
  },
};

/** An account made just now (the new-user scenario): not yet (40336). */
export const NewUser: Story = {
  parameters: { scenarios: ['signed-in', 'new-user'] },
  play: async () => {
    await userEvent.click(await option(100));
    await userEvent.click(send());
    await expect(await screen.findByText(t('charge.gate.newUser'))).toBeVisible();
  },
};

/** A risky message (42203): said at the message, the text kept. */
export const SensitiveMessage: Story = {
  play: async () => {
    await userEvent.click(await option(100));
    await userEvent.type(screen.getByLabelText(t('charge.message')), 'bomb recipe');
    await userEvent.click(send());
    await expect(await screen.findByText(t('errors.sensitive'))).toBeVisible();
  },
};

/** Not enough power (40260): said above the buttons, with the way to buy power. */
export const NotEnoughPower: Story = {
  parameters: { msw: { handlers: [...chargeRefused(40260), ...handlers] } },
  play: async () => {
    await userEvent.click(await option(5000));
    await userEvent.click(send());
    await expect(await screen.findByRole('link', { name: t('charge.buyPower') })).toBeVisible();
  },
};

/** The work stopped being shared meanwhile (40406). */
export const ShareMissing: Story = {
  parameters: { msw: { handlers: [...chargeRefused(40406), ...handlers] } },
  play: async () => {
    await userEvent.click(await option(100));
    await userEvent.click(send());
    await expect(await screen.findByText(t('errors.shareMissing'))).toBeVisible();
  },
};

/** The amount was withdrawn meanwhile (40417). */
export const OptionMissing: Story = {
  parameters: { msw: { handlers: [...chargeRefused(40417), ...handlers] } },
  play: async () => {
    await userEvent.click(await option(100));
    await userEvent.click(send());
    await expect(await screen.findByText(t('errors.optionMissing'))).toBeVisible();
  },
};

/** The options are on their way. */
export const OptionsLoading: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get(
          '*/api/v1/settings/charging_options',
          () => new Promise<never>(() => undefined),
        ),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await expect(await screen.findByRole('status')).toBeInTheDocument();
  },
};

/** The options could not be loaded: a retry. */
export const OptionsFailed: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v1/settings/charging_options', () =>
          apiError(50300, 'unavailable', null, 503),
        ),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await expect(await screen.findByText(t('charge.optionsFailed'))).toBeVisible();
  },
};
