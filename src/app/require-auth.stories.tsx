import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { useTranslation } from 'react-i18next';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { RequireAuth } from './require-auth';

const t = (key: string) => i18next.t(key);

/** Stands for the guarded screen. */
function GuardedScreen() {
  const { t: translate } = useTranslation();
  return <h1>{translate('common:nav.novels')}</h1>;
}

const meta = {
  title: 'App/Login guard',
  component: RequireAuth,
  parameters: {
    appFrame: true,
    msw: { handlers },
    route: { path: '/dashboard/novels', outlet: <GuardedScreen /> },
  },
} satisfies Meta<typeof RequireAuth>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A visitor on an L route: the sign-in panel instead of the screen, and the login dialog. */
export const Anonymous: Story = {
  play: async () => {
    await expect(
      screen.getByRole('heading', { name: t('common:auth.loginRequiredTitle') }),
    ).toBeInTheDocument();
    await expect(
      await screen.findByRole('dialog', { name: t('common:auth.loginTitle') }),
    ).toBeInTheDocument();
    await expect(screen.queryByText(t('common:nav.novels'))).not.toBeInTheDocument();
  },
};

/** Signed in: the screen itself. */
export const SignedIn: Story = {
  parameters: { scenarios: ['signed-in'] },
  play: async () => {
    await expect(screen.getByRole('heading', { name: t('common:nav.novels') })).toBeInTheDocument();
    await expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  },
};
