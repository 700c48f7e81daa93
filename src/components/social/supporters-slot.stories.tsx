import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { storage, STORAGE_KEYS } from '@/lib/storage';
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

/**
 * A signed-in viewer of someone else's work, the first time: the charge tip beside the tip
 * button (its own chunk), for 5 s, once (`pro_charge_tip`, kept 30 days).
 */
export const FirstTimeChargeTip: Story = {
  args: {
    count: 12,
    title: '白鹿旧事',
    author: { _id: 'u_other', name: '姚昊天', avatar: '', is_official: false },
  },
  parameters: { scenarios: ['signed-in'] },
  beforeEach: () => {
    storage.remove(STORAGE_KEYS.chargeTip);
    return () => storage.remove(STORAGE_KEYS.chargeTip);
  },
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent(s('supporters.chargeTip'));
    // The tip marks its key in an effect, which React runs after the commit that shows it: a
    // read at once can come between the two (a loaded CI machine's did).
    await waitFor(() => expect(storage.get(STORAGE_KEYS.chargeTip)).toBe(true));
  },
};

/** The viewer's own work: no tip button, so no charge tip either. */
export const OwnWorkNoChargeTip: Story = {
  args: {
    count: 3,
    title: '白鹿旧事',
    author: { _id: 'u_author', name: '墨染青衣', avatar: '', is_official: false },
  },
  parameters: { scenarios: ['signed-in'] },
  beforeEach: () => storage.remove(STORAGE_KEYS.chargeTip),
  play: async () => {
    await expect(
      screen.queryByRole('button', { name: s('supporters.tipLabel', { title: '白鹿旧事' }) }),
    ).toBeNull();
    await expect(screen.queryByRole('status')).toBeNull();
  },
};
