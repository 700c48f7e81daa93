import { useState, type ComponentProps } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import type { ConflictChoice } from '@/lib/conflict';
import { ConflictDialog } from './conflict-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

/** A text with a title and a body, as a chapter or a world's info has. */
type Titled = { name: string; content: string };

const MINE: Titled = {
  name: '第三章 雨夜',
  content:
    '雨下了一整夜。\n她把灯芯挑亮，在窗下写信，写到第三页时停了笔。\n天快亮时，门外有人敲了三下。',
};
const THEIRS: Titled = {
  name: '第三章 夜雨',
  content: '雨下了一整夜。\n她把信折好，压在砚台下，起身去关窗。\n天快亮时，门外有人敲了三下。',
};

/**
 * The dialog as a screen shows it, and once the person chose, what the screen goes on with:
 * the choice and the resulting text (below the dialog's place, so each choice's outcome shows).
 */
function ConflictDemo({ onResolve, ...props }: ComponentProps<typeof ConflictDialog<Titled>>) {
  const [chosen, setChosen] = useState<{ choice: ConflictChoice; text: Titled } | null>(null);
  if (chosen)
    return (
      <section aria-label="选择之后的文字">
        <p data-testid="choice">{chosen.choice}</p>
        <h3>{chosen.text.name}</h3>
        <pre>{chosen.text.content}</pre>
      </section>
    );
  return (
    <ConflictDialog
      {...props}
      onResolve={(choice, result) => {
        onResolve(choice, result);
        setChosen({ choice, text: result });
      }}
    />
  );
}

const theDialog = async (name = t('common:conflict.title')) =>
  within(await screen.findByRole('dialog', { name }));

/** Chooses `label` and waits for the text the screen goes on with. */
async function choose(label: string) {
  const dialog = await theDialog();
  await userEvent.click(dialog.getByRole('button', { name: label }));
  return within(await screen.findByRole('region', { name: '选择之后的文字' }));
}

const meta = {
  title: 'Conflict/Conflict dialog',
  component: ConflictDemo,
  args: {
    mine: MINE,
    theirs: THEIRS,
    shape: { body: 'content', title: 'name' },
    onResolve: fn(),
  },
} satisfies Meta<typeof ConflictDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The two versions side by side, titles above their bodies, the differing stretch marked;
 * 两份都保留 (the safe choice) has the focus, and the dialog cannot be dismissed.
 */
export const Compare: Story = {
  play: async () => {
    const dialog = await theDialog();
    await expect(
      dialog.getByRole('region', {
        name: t('common:conflict.mine', { count: MINE.content.length }),
      }),
    ).toBeVisible();
    await expect(
      dialog.getByRole('region', {
        name: t('common:conflict.theirs', { count: THEIRS.content.length }),
      }),
    ).toBeVisible();
    await expect(dialog.getByText('第三章 夜雨')).toBeVisible();
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: t('common:conflict.keepBoth') })).toHaveFocus(),
    );
    await expect(dialog.queryByRole('button', { name: t('common:actions.close') })).toBeNull();
  },
};

/** A text with no title (a message, a glossary entry's description): only the bodies. */
export const BodyOnly: Story = {
  args: {
    mine: { name: '', content: '灯塔守了三十年，从没熄过。' },
    theirs: { name: '', content: '灯塔守了三十年，只熄过一次。' },
    shape: { body: 'content' },
  },
  play: async () => {
    const dialog = await theDialog();
    await expect(dialog.getAllByRole('heading', { level: 3 })).toHaveLength(2);
    await expect(dialog.getByText('从没熄过', { selector: 'mark' })).toBeVisible();
  },
};

/** A screen's own wording in place of "this text" (the chapter editor's, here). */
export const OwnWording: Story = {
  render: (args) => (
    <ConflictDemo
      {...args}
      title={t('writing:editor.conflict.title')}
      intro={t('writing:editor.conflict.body')}
    />
  ),
  play: async () => {
    const dialog = await theDialog(t('writing:editor.conflict.title'));
    await expect(dialog.getByText(t('writing:editor.conflict.body'))).toBeVisible();
  },
};

/** 两份都保留: my title, then my part and the other side's, each under its mark. */
export const KeepBoth: Story = {
  play: async ({ args }) => {
    const result = await choose(t('common:conflict.keepBoth'));
    await expect(result.getByTestId('choice')).toHaveTextContent('both');
    await expect(result.getByRole('heading')).toHaveTextContent(MINE.name);
    const text = result.getByText(/雨下了一整夜/).textContent ?? '';
    await expect(text).toContain(t('common:conflict.markMine'));
    await expect(text).toContain(t('common:conflict.markTheirsNamed', { name: THEIRS.name }));
    await expect(text).toContain('写到第三页时停了笔');
    await expect(text).toContain('起身去关窗');
    await expect(args.onResolve).toHaveBeenCalledWith('both', expect.anything());
  },
};

/** 只保留我的: my version as it was. */
export const KeepMine: Story = {
  play: async ({ args }) => {
    const result = await choose(t('common:conflict.keepMine'));
    await expect(result.getByTestId('choice')).toHaveTextContent('mine');
    await expect(result.getByRole('heading')).toHaveTextContent(MINE.name);
    await expect(args.onResolve).toHaveBeenCalledWith('mine', MINE);
  },
};

/** 只保留另一处的: the other side's version; mine is dropped. */
export const KeepTheirs: Story = {
  play: async ({ args }) => {
    const result = await choose(t('common:conflict.keepTheirs'));
    await expect(result.getByTestId('choice')).toHaveTextContent('theirs');
    await expect(result.getByRole('heading')).toHaveTextContent(THEIRS.name);
    await expect(args.onResolve).toHaveBeenCalledWith('theirs', THEIRS);
  },
};
