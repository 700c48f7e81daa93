import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { SupportersSlot } from './supporters-slot';

const s = (key: string, options?: Record<string, unknown>) => i18next.t(`social:${key}`, options);

const meta = {
  title: 'Social/Supporters slot',
  component: SupportersSlot,
  args: { kind: 'story', shareId: 's_demo', count: 128 },
} satisfies Meta<typeof SupportersSlot>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The number of supporters of a shared work. */
export const Count: Story = {
  play: async () => {
    await expect(screen.getByRole('region', { name: s('supporters.title') })).toBeInTheDocument();
  },
};

/** Nobody has supported the work yet. */
export const NoneYet: Story = { args: { count: 0 } };

/** The page does not know the number: nothing is claimed. */
export const Unknown: Story = {
  args: { count: undefined },
  parameters: { expectEmpty: true },
};

/** With the work's title and author: the tip button and the way to the supporters and chart. */
export const WithTipAndSupporters: Story = {
  args: {
    count: undefined,
    title: '白鹿旧事',
    author: { _id: 'u_other', name: '姚昊天', avatar: '', is_official: false },
  },
  play: async () => {
    await expect(
      screen.getByRole('button', { name: s('supporters.tipLabel', { title: '白鹿旧事' }) }),
    ).toBeVisible();
    await expect(screen.getByRole('button', { name: s('supporters.open') })).toBeVisible();
  },
};
