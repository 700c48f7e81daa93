import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { initialOverlayState, openOverlay, type OverlayInput } from '@/lib/overlay-machine';
import { LoadingOverlay } from './loading-overlay';

/** The overlay renders what the store holds; each story opens one with the real machine. */
const opened = (input: OverlayInput) => ({
  preloadedState: { overlay: openOverlay(initialOverlayState, input) },
});

const meta = {
  title: 'UI/Loading overlay',
  component: LoadingOverlay,
  parameters: { layout: 'fullscreen' },
  play: async () => {
    await expect(await screen.findByRole('status')).toBeInTheDocument();
  },
} satisfies Meta<typeof LoadingOverlay>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { parameters: opened({}) };

export const Red: Story = { parameters: opened({ styleType: 'red' }) };

/** The writing style, used while the AI continues a chapter. */
export const Write: Story = {
  parameters: { ...opened({ styleType: 'write', text: 'AI 正在续写…' }) },
};

export const WithText: Story = {
  parameters: { ...opened({ text: '正在保存章节…' }) },
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent('正在保存章节…');
  },
};

/** Closed: nothing is rendered. */
export const Closed: Story = {
  parameters: { expectEmpty: true },
  play: async () => {
    await expect(screen.queryByRole('status')).not.toBeInTheDocument();
  },
};
