import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { i18next } from '@/lib/i18n';
import { dialogStore } from '@/components/ui/dialog/dialog-store';
import { renderWithProviders } from '@/testing/render';
import { ImageUploadField } from './image-upload-field';

const t = (key: string) => i18next.t(key);

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
});
