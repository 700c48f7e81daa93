import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { i18next } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/render';
import { ui } from '@/testing/ui';
import { CropperDialog, type CropperDialogProps } from './cropper-dialog';

const t = (key: string) => i18next.t(key);

function renderCropper(props: Partial<CropperDialogProps> = {}) {
  const onClose = vi.fn();
  const onConfirm = vi.fn();
  const view = renderWithProviders(
    <CropperDialog dialogId={1} onClose={onClose} onConfirm={onConfirm} {...props} />,
  );
  return { ...view, onClose, onConfirm };
}

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' });

/**
 * jsdom loads no images, so cropperjs's image never says it is ready: here it is, as soon as
 * asked, as a browser's would be once the picture has loaded. Until then 确定 stays disabled.
 */
async function imagesLoad() {
  const { CropperImage } = await import('cropperjs');
  return vi.spyOn(CropperImage.prototype, '$ready').mockImplementation(function (
    this: InstanceType<typeof CropperImage>,
  ) {
    return Promise.resolve(this.$image);
  });
}

describe('CropperDialog', () => {
  it('is titled change avatar by default, or as the caller says', async () => {
    renderCropper();
    expect(await ui.dialog(t('media:cropper.title'))).toBeInTheDocument();
  });

  it('shows the current image with an edit button in preview mode, hidden when not editable', async () => {
    const { unmount } = renderCropper({ image: '/mock-oss/files/img_1', title: 'Cover' });
    const dialog = within(await ui.dialog('Cover'));
    expect(dialog.getByRole('img', { name: t('media:cropper.current') })).toHaveAttribute(
      'src',
      '/mock-oss/files/img_1',
    );
    expect(dialog.getByRole('button', { name: t('media:cropper.edit') })).toBeInTheDocument();
    unmount();
    renderCropper({ image: '/mock-oss/files/img_1', editable: false });
    const locked = within(await ui.dialog());
    expect(locked.queryByRole('button', { name: t('media:cropper.edit') })).toBeNull();
  });

  it('refuses a file that is not an image, at the dialog', async () => {
    renderCropper();
    const dialog = within(await ui.dialog());
    // The picker offers image/* only; an old browser or a drop can still hand over anything.
    fireEvent.change(dialog.getByLabelText(t('media:cropper.fileInput')), {
      target: { files: [new File(['text'], 'a.txt', { type: 'text/plain' })] },
    });
    expect(await dialog.findByRole('alert')).toHaveTextContent(t('media:errors.notImage'));
  });

  it('keeps 确定 disabled until the picture is in the stage', async () => {
    const { user } = renderCropper();
    const dialog = within(await ui.dialog());
    await user.upload(dialog.getByLabelText(t('media:cropper.fileInput')), png());
    const stage = await dialog.findByRole('group', { name: t('media:cropper.stage') });
    expect(stage).toHaveAttribute('aria-busy', 'true');
    expect(dialog.getByRole('button', { name: t('media:cropper.confirm') })).toBeDisabled();
  });

  it('takes a 20 MB photo to crop without refusing it: the output is re-encoded 1080 wide', async () => {
    const ready = await imagesLoad();
    onTestFinished(() => ready.mockRestore());
    const { user } = renderCropper();
    const dialog = within(await ui.dialog());
    const photo = new File([new Uint8Array(20 * 1024 * 1024)], 'photo.jpg', { type: 'image/jpeg' });
    await user.upload(dialog.getByLabelText(t('media:cropper.fileInput')), photo);
    expect(
      await dialog.findByRole('group', { name: t('media:cropper.stage') }),
    ).toBeInTheDocument();
    expect(dialog.queryByRole('alert')).toBeNull();
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: t('media:cropper.confirm') })).toBeEnabled(),
    );
  });

  it('crops a chosen image: ratio tabs 1:2 (pressed) and 1:1, zoom buttons', async () => {
    const { user } = renderCropper();
    const dialog = within(await ui.dialog());
    await user.upload(dialog.getByLabelText(t('media:cropper.fileInput')), png());
    const tall = await dialog.findByRole('button', { name: '1:2' });
    expect(tall).toHaveAttribute('aria-pressed', 'true');
    const square = dialog.getByRole('button', { name: '1:1' });
    await user.click(square);
    expect(square).toHaveAttribute('aria-pressed', 'true');
    expect(dialog.getByRole('button', { name: t('media:cropper.zoomIn') })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: t('media:cropper.zoomOut') })).toBeInTheDocument();
    expect(dialog.getByRole('group', { name: t('media:cropper.stage') })).toBeInTheDocument();
  });

  it('hides the ratio tabs for a head image', async () => {
    renderCropper({ headImage: true, initialFile: png() });
    const dialog = within(await ui.dialog());
    expect(dialog.getByRole('group', { name: t('media:cropper.stage') })).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: '1:2' })).toBeNull();
    expect(dialog.queryByRole('button', { name: '1:1' })).toBeNull();
  });

  it('ignores a background click while cropping; cancel closes', async () => {
    const onCancel = vi.fn();
    const { user, onClose } = renderCropper({ initialFile: png(), onCancel });
    const dialog = await ui.dialog();
    fireEvent.mouseDown(dialog.parentElement!);
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: t('media:cropper.cancel') }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('a crop that fails after confirm says so and gives the dialog back; nothing is sent', async () => {
    const ready = await imagesLoad();
    onTestFinished(() => ready.mockRestore());
    const { user, onConfirm, onClose } = renderCropper();
    const dialog = within(await ui.dialog());
    await user.upload(dialog.getByLabelText(t('media:cropper.fileInput')), png());
    const confirm = dialog.getByRole('button', { name: t('media:cropper.confirm') });
    await waitFor(() => expect(confirm).toBeEnabled());
    // The browser gives no JPEG for the drawn crop (as toBlob does when encoding fails).
    const toBlob = vi
      .spyOn(HTMLCanvasElement.prototype, 'toBlob')
      .mockImplementation((callback) => callback(null));
    try {
      await user.click(confirm);
      expect(await dialog.findByRole('alert')).toHaveTextContent(t('media:errors.cropFailed'));
      expect(dialog.getByRole('button', { name: t('media:cropper.confirm') })).toBeEnabled();
      expect(dialog.getByRole('button', { name: t('media:cropper.cancel') })).toBeEnabled();
      expect(onConfirm).not.toHaveBeenCalled();
      expect(onClose).not.toHaveBeenCalled();
    } finally {
      toBlob.mockRestore();
    }
  });

  it('closes on a background click in preview mode', async () => {
    const { onClose } = renderCropper({ image: '/x.jpg' });
    const dialog = await ui.dialog();
    fireEvent.mouseDown(dialog.parentElement!);
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: t('media:cropper.confirm') })).toBeDisabled();
  });
});
