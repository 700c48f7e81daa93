import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { fail, handle, http, ok } from '@mocks/http';
import { AuditDialog } from './audit-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const PATH = '/api/v1/audit/images/{imageId}';
/** A small image the passed state can show (served inline, no storage needed). */
const IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="240"><rect width="120" height="240" fill="#8a6"/></svg>',
)}`;

/** The audit call answering `state` (every answer a contract-valid ImageAudit). */
function auditAnswers(state: 'pending' | 'passed' | 'rejected') {
  return [
    http.get(
      PATH,
      handle(({ params }) =>
        ok({
          image_id: params.imageId,
          state,
          reason: state === 'rejected' ? ('sensitive' as const) : null,
          ...(state === 'passed' ? { url: IMAGE } : {}),
        }),
      ),
    ),
    ...handlers,
  ];
}

const meta = {
  title: 'Media/Audit dialog',
  component: AuditDialog,
  args: { dialogId: 1, imageId: 'img_story', onClose: fn(), onPassed: fn() },
  parameters: {
    scenarios: ['signed-in'],
    appFrame: true,
    msw: { handlers: auditAnswers('pending') },
  },
} satisfies Meta<typeof AuditDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async () =>
  within(await screen.findByRole('dialog', { name: t('media:audit.title') }));

/** Still under review: checked again every 5 s, or now. */
export const Pending: Story = {
  play: async () => {
    const d = await dialog();
    await expect(await d.findByText(t('media:audit.pending'))).toBeVisible();
    await expect(d.getByRole('button', { name: t('media:audit.checkNow') })).toBeEnabled();
  },
};

/** Passed: the image, and "use this image" for the field that uploaded it. */
export const Passed: Story = {
  parameters: { msw: { handlers: auditAnswers('passed') } },
  play: async ({ args }) => {
    const d = await dialog();
    await expect(await d.findByText(t('media:audit.passed'))).toBeVisible();
    await userEvent.click(d.getByRole('button', { name: t('media:audit.use') }));
    await expect(args.onPassed).toHaveBeenCalledWith(IMAGE);
  },
};

/** Rejected as sensitive: the reason, nothing to use. */
export const Rejected: Story = {
  parameters: { msw: { handlers: auditAnswers('rejected') } },
  play: async () => {
    const d = await dialog();
    await expect(await d.findByText(t('media:audit.reasons.sensitive'))).toBeVisible();
    await expect(d.queryByRole('button', { name: t('media:audit.use') })).toBeNull();
  },
};

/** The image is gone (40405): the message and a retry. */
export const Missing: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(
          PATH,
          handle(() => fail(40405, 'upload not found')),
        ),
        ...handlers,
      ],
    },
  },
  play: async () => {
    const d = await dialog();
    await expect(await d.findByRole('alert')).toHaveTextContent(t('media:errors.imageMissing'));
  },
};
