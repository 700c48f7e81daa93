import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, screen, userEvent, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { initialOverlayState, openOverlay } from '@/lib/overlay-machine';
import { handlers } from '@mocks/handlers';
import { CropperDialog } from './cropper-dialog';
import { SAMPLE_PNG_URL, samplePngFile } from './story-images';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

async function theDialog() {
  return within(await screen.findByRole('dialog'));
}

const meta = {
  title: 'Media/Cropper dialog',
  component: CropperDialog,
  args: { dialogId: 1, onClose: fn(), onConfirm: fn(), onCancel: fn() },
  parameters: { appFrame: true, msw: { handlers } },
} satisfies Meta<typeof CropperDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Preview mode: the current image and the edit-image button. */
export const Preview: Story = {
  args: { image: SAMPLE_PNG_URL },
  play: async () => {
    const dialog = await theDialog();
    await expect(dialog.getByRole('img', { name: t('media:cropper.current') })).toBeVisible();
    await expect(dialog.getByRole('button', { name: t('media:cropper.edit') })).toBeEnabled();
    await expect(dialog.getByRole('button', { name: t('media:cropper.confirm') })).toBeDisabled();
  },
};

/** Preview where editing is not allowed: no edit-image button. */
export const PreviewReadOnly: Story = {
  args: { image: SAMPLE_PNG_URL, editable: false },
  play: async () => {
    const dialog = await theDialog();
    await expect(dialog.queryByRole('button', { name: t('media:cropper.edit') })).toBeNull();
  },
};

/** No image yet: a prompt to choose one. */
export const Empty: Story = {
  play: async () => {
    const dialog = await theDialog();
    await expect(dialog.getByRole('button', { name: t('media:cropper.choose') })).toBeVisible();
  },
};

/** Cropping at 1:2 (the default), with the 1:1 tab, zoom buttons and the preview button. */
export const Cropping: Story = {
  args: { initialFile: samplePngFile(), title: '更换封面', showPreview: true },
  play: async () => {
    const dialog = await theDialog();
    await expect(dialog.getByRole('button', { name: '1:2' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(dialog.getByRole('button', { name: '1:1' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(dialog.getByRole('button', { name: t('media:cropper.zoomIn') })).toBeVisible();
    await expect(dialog.getByRole('button', { name: t('media:cropper.preview') })).toBeVisible();
  },
};

/** Switching to 1:1. */
export const CroppingSquare: Story = {
  args: { initialFile: samplePngFile(), title: '更换封面' },
  play: async () => {
    const dialog = await theDialog();
    await userEvent.click(dialog.getByRole('button', { name: '1:1' }));
    await expect(dialog.getByRole('button', { name: '1:1' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
};

/** A head image (avatar): fixed 1:1, no ratio tabs. */
export const HeadImage: Story = {
  args: { initialFile: samplePngFile(), headImage: true },
  play: async () => {
    const dialog = await theDialog();
    await expect(dialog.queryByRole('button', { name: '1:2' })).toBeNull();
    await expect(dialog.getByRole('group', { name: t('media:cropper.stage') })).toBeVisible();
  },
};

/** A file that is not an image is refused in the dialog (not_image). */
export const NotAnImage: Story = {
  play: async () => {
    const dialog = await theDialog();
    fireEvent.change(dialog.getByLabelText(t('media:cropper.fileInput')), {
      target: { files: [new File(['text'], 'notes.txt', { type: 'text/plain' })] },
    });
    await expect(await dialog.findByRole('alert')).toHaveTextContent(t('media:errors.notImage'));
  },
};

/** Uploading: the loading overlay shows the form post's progress above the dialog. */
export const UploadingWithProgress: Story = {
  args: { initialFile: samplePngFile(), headImage: true },
  parameters: {
    preloadedState: {
      overlay: openOverlay(initialOverlayState, { text: '正在上传 42%' }),
    },
  },
  play: async () => {
    await expect(await screen.findByText('正在上传 42%')).toBeInTheDocument();
  },
};
