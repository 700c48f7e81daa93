import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import type { UploadTarget } from '@/components/media/upload/upload-target';
import { handlers } from '@mocks/handlers';
import {
  uploadMaintenance,
  uploadSensitive,
  uploadTooFrequent,
  uploadTooLarge,
} from '@mocks/scenarios/upload';
import { ImageUploadField } from './image-upload-field';
import { useImageUpload } from './use-image-upload';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

/** Runs the real pipeline on a small JPEG, as the cropper's confirm would. */
function UploadRun({ target }: { target: UploadTarget }) {
  const { upload, state } = useImageUpload(target);
  const [outcome, setOutcome] = useState('');
  async function run() {
    const blob = new Blob([new Uint8Array([255, 216, 255, 224, 0, 16])], { type: 'image/jpeg' });
    try {
      const url = await upload({ blob, ratio: '1:2', size: [1, 2] });
      setOutcome(`done ${url ?? ''}`);
    } catch {
      setOutcome('failed');
    }
  }
  return (
    <div>
      <button type="button" className="button" onClick={() => void run()}>
        {t('media:field.upload')}
      </button>
      <p data-testid="phase">{state.phase}</p>
      <p data-testid="outcome">{outcome}</p>
    </div>
  );
}

const meta = {
  title: 'Media/Image upload',
  component: UploadRun,
  args: { target: { kind: 'cover', worldId: 'w_story' } },
  parameters: { appFrame: true, scenarios: ['signed-in'], msw: { handlers } },
} satisfies Meta<typeof UploadRun>;

export default meta;
type Story = StoryObj<typeof meta>;

async function uploadAndExpectToast(message: string) {
  await userEvent.click(await screen.findByRole('button', { name: t('media:field.upload') }));
  await waitFor(() => expect(screen.getByTestId('outcome')).toHaveTextContent('failed'));
  await expect(await screen.findByRole('alert')).toHaveTextContent(message);
  // The loader is closed on every failure.
  await expect(document.querySelector('.loading-overlay')).toBeNull();
}

/** Uploading: access granted, form posted, the loader shows while the image is checked. */
export const Uploading: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: t('media:field.upload') }));
    await waitFor(() => expect(screen.getByTestId('phase')).toHaveTextContent('polling'));
    await expect(await screen.findByText(t('media:upload.checking'))).toBeInTheDocument();
  },
};

/** The audit refuses the image: world_http_error_forbbin. */
export const Sensitive: Story = {
  parameters: { msw: { handlers: [...uploadSensitive(), ...handlers] } },
  play: () => uploadAndExpectToast(t('media:errors.sensitive')),
};

/** The storage host answers 400: the image is too large. */
export const TooLarge: Story = {
  parameters: { msw: { handlers: [...uploadTooLarge(), ...handlers] } },
  play: () => uploadAndExpectToast(t('media:errors.tooLarge')),
};

/** Upload access under maintenance (40306). */
export const Maintenance: Story = {
  parameters: { msw: { handlers: [...uploadMaintenance(), ...handlers] } },
  play: () => uploadAndExpectToast(t('media:errors.maintenance')),
};

/** Too many uploads today (40307). */
export const TooFrequent: Story = {
  parameters: { msw: { handlers: [...uploadTooFrequent(), ...handlers] } },
  play: () => uploadAndExpectToast(t('media:errors.tooFrequent')),
};

/** An entry image of a deleted entry (40404) in the world editor. */
export const EntryDeleted: Story = {
  args: { target: { kind: 'entry', worldId: 'w_3b867cpvh0', entryId: 'e_gone' } },
  play: () => uploadAndExpectToast(t('media:errors.entryDeleted')),
};

/** The field a feature embeds: current cover and a change button. */
export const Field: StoryObj<typeof ImageUploadField> = {
  render: () => (
    <ImageUploadField target={{ kind: 'cover' }} label="封面" value={null} onUploaded={() => {}} />
  ),
  play: async () => {
    await expect(
      await screen.findByRole('button', { name: t('media:field.upload') }),
    ).toBeInTheDocument();
  },
};
