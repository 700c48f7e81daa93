import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import {
  aiWritingReducer,
  initialAiState,
  type AiAction,
  type AiWritingState,
} from '../model/ai-writing';
import { AiPanel } from './ai-panel';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const run = (...actions: AiAction[]): AiWritingState =>
  actions.reduce(aiWritingReducer, initialAiState());

const CARDS = [
  { nodeid: 'n0', value: '风声渐紧，檐下的铜铃叮当作响，柳倩下意识地握紧了袖中的短刀。' },
  { nodeid: 'n1', value: '“你终于来了。”伍琪的声音很轻，却像一块石子落进了深潭。' },
  { nodeid: 'n2', value: '月光从窗棂间漏进来，在地上铺出一片细碎的银白。' },
];
const ready = run({ type: 'started' }, { type: 'finished', cards: CARDS });

const meta = {
  title: 'Writing/Editor/AI panel',
  component: AiPanel,
  parameters: { route: '/editor' },
  args: {
    state: initialAiState(),
    dispatch: fn(),
    error: null,
    balance: 120_000,
    openingFree: false,
    onStart: fn(),
    onModel: fn(),
    onLength: fn(),
    onInsert: fn(() => true),
    onUndo: fn(() => true),
    onRedo: fn(() => true),
    onNotice: fn(),
  },
} satisfies Meta<typeof AiPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Idle: the button shows the power it will cost (the writing length). */
export const Idle: Story = {
  play: async ({ args }) => {
    await userEvent.click(
      screen.getByRole('button', { name: t('writing:ai.continue', { cost: 100 }) }),
    );
    await expect(args.onStart).toHaveBeenCalledWith(false, []);
  },
};

/** Caret at the start of an empty chapter: the opening card is free. */
export const OpeningFree: Story = {
  args: { openingFree: true, balance: 0 },
  play: async () => {
    await expect(screen.getByRole('button', { name: t('writing:ai.opening') })).toBeEnabled();
  },
};

export const Streaming: Story = {
  args: {
    state: run(
      { type: 'started' },
      { type: 'cardOpened', index: 0, nodeid: 'n0' },
      { type: 'delta', index: 0, text: '风声渐紧，檐下的铜铃' },
    ),
  },
  play: async () => {
    await expect(screen.getByText(t('writing:ai.streaming'))).toBeVisible();
    await expect(screen.getByText('风声渐紧，檐下的铜铃')).toBeVisible();
  },
};

/** Three cards: previous/next, insert at the caret, regenerate with its price, clear. */
export const Cards: Story = {
  args: { state: ready },
  play: async ({ args }) => {
    await expect(screen.getByText(t('writing:ai.cardOf', { index: 1, total: 3 }))).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: t('writing:ai.next') }));
    await expect(args.dispatch).toHaveBeenCalledWith({ type: 'nextCard' });
    await userEvent.click(screen.getByRole('button', { name: t('writing:ai.insert') }));
    await expect(args.onInsert).toHaveBeenCalledWith('n0', CARDS[0]?.value);
    await expect(
      screen.getByRole('button', { name: t('writing:ai.regenerate', { cost: 100 }) }),
    ).toBeEnabled();
  },
};

/** After a regeneration: earlier cards kept as history; an insert can be undone (no refund). */
export const History: Story = {
  args: {
    state: run(
      { type: 'started' },
      { type: 'finished', cards: CARDS },
      { type: 'inserted', nodeid: 'n0' },
      { type: 'started', regenerate: true },
      {
        type: 'finished',
        cards: [{ nodeid: 'm0', value: '马蹄声由远及近，惊起了林间一群宿鸟。' }],
      },
    ),
  },
  play: async () => {
    await expect(screen.getByText(t('writing:ai.history'))).toBeVisible();
    await expect(screen.getByText(t('writing:ai.noRefund'))).toBeVisible();
    await expect(screen.getByRole('button', { name: t('writing:ai.undo') })).toBeEnabled();
  },
};

/** Zero power: continuation blocked, with a link to buy power. */
export const NoPower: Story = {
  args: { balance: 0 },
  play: async () => {
    await expect(screen.getByRole('link', { name: t('writing:ai.buy') })).toBeVisible();
    await expect(
      screen.getByRole('button', { name: t('writing:ai.continue', { cost: 100 }) }),
    ).toBeDisabled();
  },
};

/** Suspended after repeated risky input (42902): the message carries the appeal hint. */
export const Suspended: Story = {
  args: { error: { status: 429, code: 42902, serverMessage: null, kind: 'client' } },
  play: async () => {
    await expect(screen.getByRole('alert')).toHaveTextContent(t('writing:ai.errors.suspended'));
  },
};

/** The stream broke mid-card: failed, nothing charged. */
export const StreamFailed: Story = {
  args: { error: { status: 404, code: 40420, serverMessage: null, kind: 'client' } },
  play: async () => {
    await expect(screen.getByRole('alert')).toHaveTextContent(t('writing:ai.errors.failed'));
  },
};

/** Risky input refused (42203): nothing written, nothing charged. */
export const RiskyInput: Story = {
  args: { error: { status: 422, code: 42203, serverMessage: null, kind: 'client' } },
  play: async () => {
    await expect(screen.getByRole('alert')).toHaveTextContent(t('writing:ai.errors.risky'));
  },
};

/** AI generation switched off by the server (42260). */
export const AiDisabled: Story = {
  args: { error: { status: 422, code: 42260, serverMessage: null, kind: 'client' } },
  play: async () => {
    await expect(screen.getByRole('alert')).toHaveTextContent(t('writing:ai.errors.disabled'));
  },
};
