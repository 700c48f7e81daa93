import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, fireEvent, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { ImageViewerDialog, type ViewerImage } from './image-viewer-dialog';
import { SAMPLE_PNG_URL } from './story-images';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

/** An inline cover: no storage needed, the same in Storybook and in the story test. */
function cover(fill: string, label: string): string {
  return `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="720"><rect width="360" height="720" fill="${fill}"/><text x="180" y="360" font-size="48" text-anchor="middle" fill="#fff">${label}</text></svg>`,
  )}`;
}

const COVERS: ViewerImage[] = [
  { src: cover('#4a6fa5', '1'), alt: 'Cover of "The Lighthouse Keeper"' },
  { src: cover('#6a8f4e', '2'), alt: 'Cover of "Forest of Echoes"' },
  { src: SAMPLE_PNG_URL, alt: 'Entry image: the harbour map' },
];

/** Not an image at all: the browser fails to decode it. */
const BROKEN: ViewerImage = { src: 'data:image/png;base64,AAAA', alt: 'A report image' };

const meta = {
  title: 'Media/Image viewer',
  component: ImageViewerDialog,
  args: { dialogId: 1, onClose: fn(), images: [COVERS[0]!] },
  parameters: { appFrame: true },
} satisfies Meta<typeof ImageViewerDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const theDialog = async () =>
  within(await screen.findByRole('dialog', { name: t('media:viewer.title') }));

/** The image's load event: the browser's own, or sent here where nothing loads (jsdom). */
async function loadedImage(alt: string) {
  const img = await screen.findByAltText(alt);
  if (img.hidden) fireEvent.load(img);
  await waitFor(() => expect(img).toBeVisible());
  return img;
}

/** One cover: zoom and fit, no previous or next. */
export const OneImage: Story = {
  play: async () => {
    const dialog = await theDialog();
    await loadedImage(COVERS[0]!.alt);
    await expect(dialog.queryByRole('button', { name: t('media:viewer.next') })).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: t('media:viewer.zoomIn') }));
    await expect(
      dialog.getByRole('status', { name: t('media:viewer.zoomLevel') }),
    ).toHaveTextContent('150%');
  },
};

/** Several images, opened at the second: arrows and buttons move, "2 / 3" is announced. */
export const SeveralImages: Story = {
  args: { images: COVERS, index: 1 },
  play: async () => {
    const dialog = await theDialog();
    await loadedImage(COVERS[1]!.alt);
    await expect(
      dialog.getByText(t('media:viewer.position', { current: 2, total: 3 })),
    ).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: t('media:viewer.next') }));
    await loadedImage(COVERS[2]!.alt);
    await expect(dialog.getByRole('button', { name: t('media:viewer.next') })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

/** An image address that never answers (not an API call: the image host). */
const SLOW = '/story-assets/slow-cover.png';

/** Still loading: the status, no zooming yet. */
export const Loading: Story = {
  args: { images: [{ src: SLOW, alt: 'A cover on its way' }] },
  parameters: {
    msw: {
      handlers: [
        http.get(SLOW, async () => {
          await delay('infinite');
          return new Response(null, { status: 204 });
        }),
      ],
    },
  },
  play: async () => {
    const dialog = await theDialog();
    await expect(dialog.getByRole('status', { name: '' })).toHaveTextContent(
      t('media:viewer.loading'),
    );
    await expect(dialog.getByRole('button', { name: t('media:viewer.zoomIn') })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

/** The image cannot be loaded: the message and a retry. */
export const LoadError: Story = {
  args: { images: [BROKEN] },
  play: async () => {
    const dialog = await theDialog();
    const img = dialog.queryByAltText(BROKEN.alt);
    if (img) fireEvent.error(img);
    await expect(await dialog.findByRole('alert')).toHaveTextContent(t('media:viewer.failed'));
    await expect(dialog.getByRole('button', { name: t('common:actions.retry') })).toBeVisible();
  },
};
