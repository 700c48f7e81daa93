import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http as mswHttp } from 'msw';
import { expect, screen } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { serverError } from '@mocks/scenarios';
import AboutsScreen from './abouts';

const t = (key: string) => i18next.t(key);

const meta = {
  title: 'Screens/About',
  component: AboutsScreen,
  parameters: { route: '/dashboard/abouts', msw: { handlers } },
} satisfies Meta<typeof AboutsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The power rules come from the server's settings copy when it has them. */
export const ServerCopy: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/mock-oss/settings-copy.json', () =>
          HttpResponse.json({
            vip_monthly_power: {
              'zh-CN': '服务器文案：会员每月十万能量',
              en: 'Server copy: 100k power a month',
            },
          }),
        ),
        ...handlers,
      ],
    },
  },
  play: async () => {
    await expect(await screen.findByText(/服务器文案|Server copy/)).toBeInTheDocument();
    // Texts the server does not have fall back to the built-in copy.
    await expect(screen.getByText(t('common:copy.free_quota_refresh'))).toBeInTheDocument();
  },
};

/** The copy service fails: the built-in copy stands in, with no error shown. */
export const CopyUnavailable: Story = {
  parameters: { msw: { handlers: serverError() } },
  play: async () => {
    await expect(await screen.findByText(t('common:copy.vip_monthly_power'))).toBeInTheDocument();
    await expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  },
};
