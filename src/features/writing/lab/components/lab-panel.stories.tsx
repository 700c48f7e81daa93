import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { seedToday as seed } from '@mocks/seed-today';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { aiDisabled, labClosed } from '@mocks/scenarios/writing';
import { LabPanel } from './lab-panel';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const story = seed.stories.find((s) => s.uid === AUTHOR_UID && s.universe_id && !s.deleted_at)!;
const chapter = seed.chapters.find((c) => c.story_id === story.id)!;
const SELECTION = '夜色渐深，他轻轻推开门。她看着窗外，忽然说：“走吧。”远处的灯火一盏盏熄灭。';

const target = (text: string) => ({ text, commit: fn(() => true), release: fn() });

const meta = {
  title: 'Writing/Editor/Lab',
  component: LabPanel,
  parameters: { scenarios: ['signed-in'], appFrame: true, msw: { handlers } },
  args: {
    chapterId: chapter.id,
    selection: SELECTION,
    inTitle: false,
    takeTarget: () => target(SELECTION),
    onToast: fn(),
  },
} satisfies Meta<typeof LabPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

const runButton = () => screen.findByRole('button', { name: /免费试用|free trial/ });

async function runAndSeeDiff() {
  await userEvent.click(await runButton());
  return screen.findByRole('group', { name: t('writing:lab.result') });
}

/** Rewrite the selection: the result as a diff, accepted into the text. */
export const Rewrite: Story = {
  play: async ({ args }) => {
    await runAndSeeDiff();
    await userEvent.click(screen.getByRole('button', { name: t('writing:lab.accept') }));
    await expect(args.onToast).toHaveBeenCalledWith(t('writing:lab.accepted'), 'success');
  },
};

export const Expand: Story = {
  play: async () => {
    await userEvent.click(await screen.findByLabelText(t('writing:lab.actions.expand')));
    await runAndSeeDiff();
    await expect(document.querySelectorAll('.lab-diff ins').length).toBeGreaterThan(0);
  },
};

/** Condense, then discard the result: nothing changes. */
export const Condense: Story = {
  play: async () => {
    await userEvent.click(await screen.findByLabelText(t('writing:lab.actions.condense')));
    await runAndSeeDiff();
    await userEvent.click(screen.getByRole('button', { name: t('writing:lab.discard') }));
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: t('writing:lab.result') })).toBeNull(),
    );
  },
};

/** A custom instruction with no selection writes new text at the caret. */
export const CustomInstruction: Story = {
  args: { selection: '', takeTarget: () => target('') },
  play: async () => {
    await userEvent.click(await screen.findByLabelText(t('writing:lab.actions.custom')));
    await userEvent.type(screen.getByLabelText(t('writing:lab.instruction')), '写一段雨夜重逢');
    await runAndSeeDiff();
  },
};

/** Nothing selected and no instruction: the toast of spec 1 §8, nothing sent. */
export const NothingSelected: Story = {
  args: { selection: '' },
  play: async ({ args }) => {
    await userEvent.click(await runButton());
    await expect(args.onToast).toHaveBeenCalledWith(t('writing:lab.selectText'), 'error');
  },
};

/** The writer was in the chapter title: titles are not supported. */
export const InTitle: Story = {
  args: { inTitle: true },
  play: async ({ args }) => {
    await userEvent.click(await runButton());
    await expect(args.onToast).toHaveBeenCalledWith(t('writing:lab.titlesNotSupported'), 'error');
  },
};

/** Expansion takes at most 500 words. */
export const TextOverLimit: Story = {
  args: { selection: '字'.repeat(600) },
  play: async ({ args }) => {
    await userEvent.click(await screen.findByLabelText(t('writing:lab.actions.expand')));
    await userEvent.click(await runButton());
    await expect(args.onToast).toHaveBeenCalledWith(t('writing:lab.errors.tooLong'), 'error');
  },
};

/** The lab is closed (40360). */
export const Closed: Story = {
  parameters: { msw: { handlers: [...labClosed(), ...handlers] } },
  play: async () => {
    await expect(await screen.findByText(t('writing:lab.errors.closed'))).toBeVisible();
  },
};

/** AI generation disabled (42260): the error toast, nothing applied. */
export const AiDisabled: Story = {
  parameters: { msw: { handlers: [...aiDisabled(), ...handlers] } },
  play: async () => {
    await userEvent.click(await runButton());
    await expect(await screen.findByText(t('writing:ai.errors.disabled'))).toBeVisible();
  },
};
