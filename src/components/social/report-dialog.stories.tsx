import type { Meta, StoryObj } from '@storybook/react-vite';
import { http as mswHttp, HttpResponse } from 'msw';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { dialogStore } from '@/components/ui/dialog/dialog-store';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { uploadMaintenance } from '@mocks/scenarios/upload';
import { ReportDialog } from './report-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
const TITLE = '雾港旧事';

async function theDialog() {
  return within(
    await screen.findByRole('dialog', {
      name: t('social:report.titleOf.story', { title: TITLE }),
    }),
  );
}

const jpeg = (name: string) =>
  new File([new Uint8Array([255, 216, 255, 224, 0, 16])], name, { type: 'image/jpeg' });

async function attach(...names: string[]) {
  const input = document.querySelector<HTMLInputElement>('[data-testid="report-image-input"]')!;
  await userEvent.upload(
    input,
    names.map((n) => jpeg(n)),
  );
}

/** Picks a reason, types details and sends. */
async function fillAndSend() {
  const dialog = await theDialog();
  await userEvent.click(
    await dialog.findByRole('radio', { name: t('social:report.types.infringement') }),
  );
  // Pasted in one input event (typed key by key, jsdom lost the later keys about one run in
  // six), and checked before sending, so a refusal story starts from a known text.
  const field = dialog.getByLabelText(t('social:report.descriptionLabel'));
  await userEvent.click(field);
  await userEvent.paste('第三章整段照搬');
  await expect(field).toHaveValue('第三章整段照搬');
  await userEvent.click(dialog.getByRole('button', { name: t('social:report.submit') }));
  return dialog;
}

/** The report endpoint answers this refusal. */
const refusing = (status: number, code: number, msg: string) => ({
  msw: {
    handlers: [
      mswHttp.post('*/api/v1/reports', () =>
        HttpResponse.json({ error_code: code, error_msg: msg }, { status }),
      ),
      ...handlers,
    ],
  },
});

/** A refusal shown above the buttons, with what was typed kept. */
async function expectFormError(key: string) {
  const dialog = await fillAndSend();
  await expect(await dialog.findByRole('alert')).toHaveTextContent(t(key));
  await expect(dialog.getByLabelText(t('social:report.descriptionLabel'))).toHaveValue(
    '第三章整段照搬',
  );
}

const meta = {
  title: 'Social/Report dialog',
  component: ReportDialog,
  args: {
    dialogId: 1,
    onClose: fn(),
    target: { kind: 'story', id: 'sh_story_demo', title: TITLE },
  },
  parameters: { appFrame: true, scenarios: ['signed-in'], msw: { handlers } },
} satisfies Meta<typeof ReportDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen yet: the reasons, the details with their counter, room for 3 screenshots. */
export const Empty: Story = {
  play: async () => {
    const dialog = await theDialog();
    await expect(dialog.getAllByRole('radio')).toHaveLength(6);
    await expect(dialog.getByText('0/200')).toBeVisible();
    await expect(dialog.getByRole('button', { name: t('social:report.images.add') })).toBeVisible();
  },
};

/** A reason and details chosen; the counter follows the shared text count. */
export const Filled: Story = {
  play: async () => {
    const dialog = await theDialog();
    await userEvent.click(dialog.getByRole('radio', { name: t('social:report.types.spam') }));
    await userEvent.type(
      dialog.getByLabelText(t('social:report.descriptionLabel')),
      '评论区全是广告 links',
    );
    await expect(dialog.getByText('8/200')).toBeVisible();
  },
};

/** Screenshots on their way: each shows its progress, sending waits for them. */
export const Uploading: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.get('*/api/v2/upload_results/:queryId', () =>
          HttpResponse.json({ status: 'pending', passed: false }),
        ),
        ...handlers,
      ],
    },
  },
  play: async () => {
    const dialog = await theDialog();
    await attach('a.jpg', 'b.jpg');
    await waitFor(() =>
      expect(dialog.getAllByText(t('social:report.images.checking'))).toHaveLength(2),
    );
    await expect(dialog.getByRole('button', { name: t('social:report.submit') })).toBeDisabled();
  },
};

/** Three screenshots is the most: a fourth is refused at the screenshots. */
export const ImagesLimit: Story = {
  play: async () => {
    const dialog = await theDialog();
    await attach('1.jpg', '2.jpg', '3.jpg', '4.jpg');
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      t('social:report.images.limit', { max: 3 }),
    );
    await expect(dialog.queryByRole('button', { name: t('social:report.images.add') })).toBeNull();
  },
};

/** The image upload is under maintenance: said at the screenshot. */
export const ImageRefused: Story = {
  parameters: { msw: { handlers: [...uploadMaintenance(), ...handlers] } },
  play: async () => {
    const dialog = await theDialog();
    await attach('a.jpg');
    await expect(await dialog.findByRole('alert')).toHaveTextContent(t('media:errors.maintenance'));
  },
};

/** Sent without a reason: the reasons say one is needed. */
export const TypeRequired: Story = {
  play: async () => {
    const dialog = await theDialog();
    await userEvent.click(dialog.getByRole('button', { name: t('social:report.submit') }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      t('social:report.errors.typeRequired'),
    );
  },
};

/** A paste past 200 is cut to 200, and the field says so. */
export const DescriptionAtLimit: Story = {
  play: async () => {
    const dialog = await theDialog();
    const field = dialog.getByLabelText(t('social:report.descriptionLabel'));
    await userEvent.click(field);
    await userEvent.paste('字'.repeat(201));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      t('common:maxLength.pasteTrimmed', { max: 200 }),
    );
    await expect(dialog.getByText('200/200')).toBeVisible();
  },
};

/** 40324: today's reports are used. */
export const DailyLimit: Story = {
  parameters: refusing(403, 40324, 'daily report limit'),
  play: () => expectFormError('social:report.errors.dailyLimit'),
};

/** 42245: this was reported already. */
export const AlreadyReported: Story = {
  parameters: refusing(422, 42245, 'already reported'),
  play: () => expectFormError('social:report.errors.alreadyReported'),
};

/** 40406: the share is gone. */
export const ShareMissing: Story = {
  parameters: refusing(404, 40406, 'share not found'),
  play: () => expectFormError('social:report.errors.shareMissing'),
};

/** 40407: the user is gone (a user report). */
export const UserMissing: Story = {
  args: { target: { kind: 'user', id: 'u_gone' } },
  parameters: refusing(404, 40407, 'user not found'),
  play: async () => {
    const dialog = within(
      await screen.findByRole('dialog', { name: t('social:report.title.user') }),
    );
    await userEvent.click(dialog.getByRole('radio', { name: t('social:report.types.spam') }));
    await userEvent.click(dialog.getByRole('button', { name: t('social:report.submit') }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      t('social:report.errors.userMissing'),
    );
  },
};

/** 42244: the server counts the details over 200; said at the details. */
export const DescriptionRefused: Story = {
  parameters: refusing(422, 42244, 'description too long'),
  play: async () => {
    const dialog = await fillAndSend();
    const field = dialog.getByLabelText(t('social:report.descriptionLabel'));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    await expect(field).toHaveAccessibleDescription(
      expect.stringContaining(t('social:report.errors.descriptionTooLong')),
    );
  },
};

/** Received: a thank-you toast and the dialog closes. */
export const Sent: Story = {
  parameters: {
    msw: {
      handlers: [
        mswHttp.post('*/api/v1/reports', () => HttpResponse.json({ report_id: 'rp_story' })),
        ...handlers,
      ],
    },
  },
  play: async ({ args }) => {
    await fillAndSend();
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
    await expect(await screen.findByText(t('social:report.sent'))).toBeInTheDocument();
  },
};

/** Logged out: the login dialog opens instead, and the report comes back after the login. */
export const LoggedOut: Story = {
  parameters: { scenarios: [] },
  play: async ({ args }) => {
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
    await waitFor(() => expect(dialogStore.getSnapshot().at(-1)?.name).toBe('login'));
    // The login dialog is a chunk of its own: the story is done once it is on screen.
    await expect(
      await screen.findByRole('dialog', { name: t('common:auth.loginTitle') }),
    ).toBeVisible();
  },
};
