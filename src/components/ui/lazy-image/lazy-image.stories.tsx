import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, screen, waitFor } from 'storybook/test';
import { LazyImage } from './lazy-image';

const meta = {
  title: 'UI/Lazy image',
  component: LazyImage,
  args: {
    src: `${import.meta.env.BASE_URL}download/zh/title.svg`,
    alt: '墨境 App：随时随地，续写你的故事',
    width: 750,
    height: 420,
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 375 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof LazyImage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The image, once it is near the viewport. */
export const Loaded: Story = {
  play: async () => {
    await expect(await screen.findByRole('img', { name: meta.args.alt })).toHaveAttribute(
      'loading',
      'lazy',
    );
  },
};

/**
 * Every try fails (the first and 3 retries): the alternative text takes the image's place.
 * The failures are forced here, so the story reads the same with or without a network.
 */
export const Unavailable: Story = {
  args: { src: `${import.meta.env.BASE_URL}download/missing.svg`, retryDelayMs: 0 },
  play: async () => {
    await waitFor(() => {
      const img = document.querySelector('.lazy-image img');
      if (img) fireEvent.error(img);
      expect(document.querySelector('.lazy-image__fallback')).not.toBeNull();
    });
    await expect(screen.getByRole('img', { name: meta.args.alt })).toHaveTextContent(meta.args.alt);
  },
};
