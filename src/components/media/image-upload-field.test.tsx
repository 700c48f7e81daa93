import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { UploadAbandonedError } from '@/components/media/upload/run-upload';
import { i18next } from '@/lib/i18n';
import { dialogStore } from '@/components/ui/dialog/dialog-store';
import { renderWithProviders } from '@/testing/render';
import type { CropResult } from './crop-output';
import { ImageUploadField } from './image-upload-field';

const upload = vi.fn<(crop: CropResult) => Promise<string | null>>();
vi.mock('./use-image-upload', () => ({
  useImageUpload: () => ({ upload, state: { phase: 'idle' } }),
}));

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

describe('ImageUploadField', () => {
  it('without an image offers an upload that opens the cropper in choose mode', async () => {
    const { user } = renderWithProviders(
      <ImageUploadField
        target={{ kind: 'cover' }}
        label="封面"
        value={null}
        onUploaded={vi.fn()}
      />,
    );
    expect(screen.getByText(t('media:field.none'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t('media:field.upload') }));
    expect(dialogStore.getSnapshot().at(-1)).toMatchObject({
      name: 'cropper',
      props: { image: null, headImage: false, identify: false, editable: true },
    });
  });

  it('with an image shows it and opens the cropper in preview mode with the caller’s options', async () => {
    const { user } = renderWithProviders(
      <ImageUploadField
        target={{ kind: 'entry', worldId: 'w1', entryId: 'e1' }}
        label="头像"
        value="/mock-oss/files/img_1"
        onUploaded={vi.fn()}
        headImage
        identify
        title="更换头像"
      />,
    );
    expect(screen.getByRole('img', { name: '头像' })).toHaveAttribute(
      'src',
      '/mock-oss/files/img_1',
    );
    await user.click(screen.getByRole('button', { name: t('media:field.change') }));
    expect(dialogStore.getSnapshot().at(-1)).toMatchObject({
      name: 'cropper',
      props: { image: '/mock-oss/files/img_1', headImage: true, identify: true, title: '更换头像' },
    });
  });

  it('with an image, opens it full size in the image viewer', async () => {
    const { user } = renderWithProviders(
      <ImageUploadField
        target={{ kind: 'entry', worldId: 'w1', entryId: 'e1' }}
        label="词条图片"
        value="/mock-oss/files/img_2"
        onUploaded={vi.fn()}
      />,
    );
    await user.click(
      screen.getByRole('button', { name: t('media:field.enlargeLabel', { label: '词条图片' }) }),
    );
    expect(dialogStore.getSnapshot().at(-1)).toMatchObject({
      name: 'imageViewer',
      props: { images: [{ src: '/mock-oss/files/img_2', alt: '词条图片' }] },
    });
  });

  it('read-only with an image offers viewing only; read-only without one offers nothing', () => {
    const { rerender } = renderWithProviders(
      <ImageUploadField
        target={{ kind: 'cover' }}
        label="封面"
        value="/x.jpg"
        onUploaded={vi.fn()}
        editable={false}
      />,
    );
    expect(screen.getByRole('button', { name: t('media:field.view') })).toBeInTheDocument();
    rerender(
      <ImageUploadField
        target={{ kind: 'cover' }}
        label="封面"
        value={null}
        onUploaded={vi.fn()}
        editable={false}
      />,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('an upload whose result polls gave up is shown as under review; the audit dialog can take it', async () => {
    upload.mockRejectedValueOnce(new UploadAbandonedError('img_9'));
    const onUploaded = vi.fn();
    const { user } = renderWithProviders(
      <ImageUploadField
        target={{ kind: 'cover' }}
        label="封面"
        value={null}
        onUploaded={onUploaded}
      />,
    );
    await user.click(screen.getByRole('button', { name: t('media:field.upload') }));
    const cropper = dialogStore.getSnapshot().at(-1)!;
    const crop = { blob: new Blob(['x']), ratio: '1:2', size: [1, 2] } as unknown as CropResult;
    // The cropper closes: its confirm resolves although nothing is saved yet.
    await (cropper.props as { onConfirm: (c: CropResult) => Promise<void> }).onConfirm(crop);
    expect(onUploaded).not.toHaveBeenCalled();
    expect(await screen.findByRole('status')).toHaveTextContent(t('media:field.underReview'));

    await user.click(screen.getByRole('button', { name: t('media:field.reviewStatus') }));
    const audit = dialogStore.getSnapshot().at(-1)!;
    expect(audit).toMatchObject({ name: 'audit', props: { imageId: 'img_9' } });
    (audit.props as { onPassed: (url: string) => void }).onPassed('/mock-oss/files/img_9');
    expect(onUploaded).toHaveBeenCalledWith('/mock-oss/files/img_9', crop);
    await vi.waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('other upload failures still reject (the cropper stays open for a retry)', async () => {
    upload.mockRejectedValueOnce(new UploadAbandonedError(null));
    const { user } = renderWithProviders(
      <ImageUploadField
        target={{ kind: 'cover' }}
        label="封面"
        value={null}
        onUploaded={vi.fn()}
      />,
    );
    await user.click(screen.getByRole('button', { name: t('media:field.upload') }));
    const cropper = dialogStore.getSnapshot().at(-1)!;
    const crop = { blob: new Blob(['x']), ratio: '1:2', size: [1, 2] } as unknown as CropResult;
    await expect(
      (cropper.props as { onConfirm: (c: CropResult) => Promise<void> }).onConfirm(crop),
    ).rejects.toBeInstanceOf(UploadAbandonedError);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
