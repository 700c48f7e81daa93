import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { Dialog } from './dialog';
import { DialogHost } from './dialog-host';
import type { DialogRegistry, HostedDialogProps } from './dialog-registry';
import { createDialogStore } from './dialog-store';

/** A registered dialog: it gets its own props plus dialogId and onClose from the host. */
function RenameDialog({ onClose, chapter }: HostedDialogProps & { chapter: string }) {
  return (
    <Dialog title="重命名章节" onClose={onClose} size="sm">
      <p>当前章节：{chapter}</p>
    </Dialog>
  );
}

/** A blocking dialog (as the ban is) and a promotional prompt (as the retention offer is). */
function BlockingDialog({ onClose }: HostedDialogProps) {
  return (
    <Dialog title="账号提示" onClose={onClose} size="sm">
      <p>处理完这里之前，不会弹出其他提示。</p>
    </Dialog>
  );
}
function OfferDialog({ onClose }: HostedDialogProps) {
  return (
    <Dialog title="限时优惠" onClose={onClose} size="sm">
      <p>首月 9.9 元。</p>
    </Dialog>
  );
}

/** The story's own map and store: the shared host knows no product dialog. */
interface StoryDialogs {
  rename: { chapter: string };
  blocking: undefined;
  offer: undefined;
}
const registry: DialogRegistry<StoryDialogs> = {
  rename: { component: RenameDialog, onRouteChange: 'close' },
  blocking: { component: BlockingDialog, onRouteChange: 'keep', role: 'blocking' },
  offer: { component: OfferDialog, onRouteChange: 'keep', role: 'prompt' },
};
const store = createDialogStore(registry);

function DialogHostDemo() {
  return (
    <>
      <button
        type="button"
        className="button"
        onClick={() => store.open('rename', { chapter: '第一章 雨夜' })}
      >
        重命名
      </button>
      <button
        type="button"
        className="button"
        onClick={() => {
          store.open('blocking');
          store.open('offer');
        }}
      >
        登录后
      </button>
      <DialogHost store={store} />
    </>
  );
}

const meta = {
  title: 'UI/Dialog host',
  component: DialogHostDemo,
  // The store is the story's, not the app's: start each story with nothing open.
  loaders: [() => void store.reset()],
} satisfies Meta<typeof DialogHostDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opening a dialog by its registered name, with props; closing it returns focus to the button. */
export const OpenRegisteredDialog: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: '重命名' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: '重命名章节' });
    await expect(dialog).toHaveTextContent('第一章 雨夜');
    await userEvent.click(
      within(dialog).getByRole('button', { name: i18next.t('common:actions.close') }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(trigger).toHaveFocus();
  },
};

/** Nothing open: the host renders nothing next to the trigger. */
export const NothingOpen: Story = {
  play: async () => {
    await expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  },
};

/** A double click opens the dialog once: the store refuses a second instance of a name. */
export const DoubleClickOpensOnce: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.dblClick(within(canvasElement).getByRole('button', { name: '重命名' }));
    await screen.findByRole('dialog', { name: '重命名章节' });
    await expect(screen.getAllByRole('dialog')).toHaveLength(1);
  },
};

/**
 * A prompt asked for while a blocking dialog is open waits: only the blocking dialog shows;
 * once it closes (Esc), the prompt shows after the store's calm.
 */
export const PromptWaitsForBlocking: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: '登录后' }));
    await screen.findByRole('dialog', { name: '账号提示' });
    await expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await userEvent.keyboard('{Escape}');
    await expect(await screen.findByRole('dialog', { name: '限时优惠' })).toBeVisible();
    await expect(screen.getAllByRole('dialog')).toHaveLength(1);
  },
};
