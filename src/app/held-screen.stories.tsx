import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { useTranslation } from 'react-i18next';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { GuardedScreen } from './held-screen';

const t = (key: string) => i18next.t(key);
const TYPED = '群星之间的海，写到一半。';

/** Stands for a guarded screen with text the user typed. */
function EditingScreen() {
  const { t: translate } = useTranslation();
  return (
    <section>
      <h1>{translate('common:nav.worlds')}</h1>
      <label>
        {translate('worlds:fields.background')}
        <textarea defaultValue={TYPED} rows={4} />
      </label>
    </section>
  );
}

const meta = {
  title: 'App/Login guard/Guarded screen',
  component: GuardedScreen,
  parameters: { appFrame: true, msw: { handlers }, scenarios: ['signed-in'] },
  args: { held: false, children: <EditingScreen /> },
} satisfies Meta<typeof GuardedScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed in: the screen as it is, editable. */
export const Live: Story = {
  play: async () => {
    const field = screen.getByRole('textbox', { name: t('worlds:fields.background') });
    await expect(field.closest('[inert]')).toBeNull();
    await expect(
      screen.queryByRole('region', { name: t('common:auth.sessionHeldTitle') }),
    ).not.toBeInTheDocument();
  },
};

/**
 * The session ended without a logout: the screen stays with its text, read-only, under a
 * banner that says why and offers the login.
 */
export const SessionEnded: Story = {
  args: { held: true },
  play: async () => {
    const banner = screen.getByRole('region', { name: t('common:auth.sessionHeldTitle') });
    await expect(banner).toHaveTextContent(t('common:auth.sessionHeldText'));
    await expect(banner).toHaveFocus();
    await expect(screen.getByRole('button', { name: t('common:auth.login') })).toBeVisible();
    const field = screen.getByDisplayValue(TYPED);
    await expect(field.closest('[inert]')).not.toBeNull();
  },
};
