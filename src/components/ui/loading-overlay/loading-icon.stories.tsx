import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { LoadingIcon } from './loading-icon';

const meta = {
  title: 'UI/Loading icon',
  component: LoadingIcon,
  argTypes: {
    color: { control: 'inline-radio', options: ['default', 'red', 'write'] },
    size: { control: { type: 'range', min: 12, max: 64, step: 4 } },
  },
} satisfies Meta<typeof LoadingIcon>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Without a title it still says "loading" to screen readers. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      i18next.t('common:loading'),
    );
  },
};

export const Red: Story = { args: { color: 'red' } };

export const Write: Story = { args: { color: 'write' } };

export const WithTitle: Story = {
  args: { title: '加载中，请稍候', size: 36 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('加载中，请稍候');
  },
};
