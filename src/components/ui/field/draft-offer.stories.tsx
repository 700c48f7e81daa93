import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { dropAllTexts, keepText } from '@/lib/durable-text';
import { i18next } from '@/lib/i18n';
import { useDurableText } from '@/lib/use-durable-text';
import { DraftOffer } from './draft-offer';
import { Field } from './field';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

/** The durable text's object: a world's background in this demo form. */
const SCOPE = 'world:u_author:w_story:background';
const SAVED = '雨季长达半年的边城，城中人以舟代步。';
const LEFT_BEHIND = '雨季长达半年的边城，城中人以舟代步。城北有一座不点灯的塔。';
const NEWER = '雨季长达半年的边城。城南的渡口每夜只开一次。';
const LABEL = '背景';

/**
 * A form with one durable field, as every form with a server copy has: the offer above the
 * field, the field, and (for this story only) a button standing in for another tab's save,
 * which moves the server's text on while this one is being edited.
 */
function BackgroundForm() {
  const [server, setServer] = useState(SAVED);
  const draft = useDurableText(SCOPE, { background: server });
  return (
    <form aria-label="世界背景" onSubmit={(event) => event.preventDefault()}>
      <DraftOffer draft={draft} />
      <Field label={LABEL}>
        {(control) => (
          <textarea
            {...control}
            rows={4}
            value={draft.values.background}
            onChange={(event) => draft.set('background', event.target.value)}
          />
        )}
      </Field>
      <button type="button" className="button" onClick={() => setServer(NEWER)}>
        另一个标签页保存了新版本
      </button>
    </form>
  );
}

const field = () => screen.getByRole('textbox', { name: LABEL });
const theOffer = async () =>
  within(await screen.findByRole('group', { name: /未保存的文字|unsaved text/i }));

/** The field edited here, then the server's text moved on elsewhere. */
async function changedElsewhere() {
  await userEvent.type(await screen.findByRole('textbox', { name: LABEL }), '又添一句。');
  await userEvent.click(screen.getByRole('button', { name: '另一个标签页保存了新版本' }));
  return within(await screen.findByRole('group', { name: t('common:draft.elsewhere') }));
}

const leaveText = () => {
  keepText(SCOPE, { background: LEFT_BEHIND });
  return {};
};

const meta = {
  title: 'UI/Field/Draft offer',
  component: BackgroundForm,
  // Durable text outlives a story: each starts with none but what it leaves itself.
  loaders: [
    () => {
      dropAllTexts();
      return {};
    },
  ],
} satisfies Meta<typeof BackgroundForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing left unsaved: no offer, only the form. */
export const NothingToOffer: Story = {
  play: async () => {
    await expect(await screen.findByRole('textbox', { name: LABEL })).toHaveValue(SAVED);
    await expect(screen.queryByRole('group')).toBeNull();
  },
};

/** Unsaved text an earlier page left: offered above the field, when, and 恢复 focused. */
export const Offered: Story = {
  loaders: [leaveText],
  play: async () => {
    const offer = await theOffer();
    await waitFor(() =>
      expect(offer.getByRole('button', { name: t('common:draft.restore') })).toHaveFocus(),
    );
    await expect(offer.getByRole('button', { name: t('common:draft.discard') })).toBeVisible();
    await expect(field()).toHaveValue(SAVED);
  },
};

/** 恢复: the text comes back into the field, which takes the focus. */
export const Restored: Story = {
  loaders: [leaveText],
  play: async () => {
    const offer = await theOffer();
    await userEvent.click(offer.getByRole('button', { name: t('common:draft.restore') }));
    await expect(field()).toHaveValue(LEFT_BEHIND);
    await expect(field()).toHaveFocus();
    await expect(screen.queryByRole('group')).toBeNull();
  },
};

/** 丢弃: the saved text stays, the offer goes, the field takes the focus. */
export const Discarded: Story = {
  loaders: [leaveText],
  play: async () => {
    const offer = await theOffer();
    await userEvent.click(offer.getByRole('button', { name: t('common:draft.discard') }));
    await expect(field()).toHaveValue(SAVED);
    await expect(field()).toHaveFocus();
  },
};

/**
 * Saved elsewhere while edited here: said beside the field without taking the focus;
 * compare, load the new version or keep mine.
 */
export const ChangedElsewhere: Story = {
  play: async () => {
    const notice = await changedElsewhere();
    await expect(notice.getByRole('button', { name: t('common:conflict.compare') })).toBeVisible();
    await expect(notice.getByRole('button', { name: t('common:draft.takeTheirs') })).toBeVisible();
    await expect(notice.getByRole('button', { name: t('common:draft.keepMine') })).toBeVisible();
    // The focus stays where the person was (here the stand-in's button), not on the notice.
    await expect(screen.getByRole('button', { name: '另一个标签页保存了新版本' })).toHaveFocus();
  },
};

/** 比较两个版本: the conflict dialog, both versions side by side. */
export const Comparing: Story = {
  play: async () => {
    const notice = await changedElsewhere();
    await userEvent.click(notice.getByRole('button', { name: t('common:conflict.compare') }));
    const dialog = within(await screen.findByRole('dialog', { name: t('common:conflict.title') }));
    await expect(dialog.getByRole('button', { name: t('common:conflict.keepBoth') })).toBeVisible();
  },
};

/** 载入新版本: the field shows the other side's text. */
export const TakeTheirs: Story = {
  play: async () => {
    const notice = await changedElsewhere();
    await userEvent.click(notice.getByRole('button', { name: t('common:draft.takeTheirs') }));
    await waitFor(() => expect(field()).toHaveValue(NEWER));
  },
};

/** 保留我的修改: the edit stays, and the notice goes. */
export const KeepMine: Story = {
  play: async () => {
    const notice = await changedElsewhere();
    await userEvent.click(notice.getByRole('button', { name: t('common:draft.keepMine') }));
    await waitFor(() => expect(screen.queryByRole('group')).toBeNull());
    await expect(field()).toHaveValue(`${SAVED}又添一句。`);
  },
};
