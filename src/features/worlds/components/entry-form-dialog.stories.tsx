import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { i18next } from '@/lib/i18n';
import { handlers } from '@mocks/handlers';
import { EntryFormDialog } from './entry-form-dialog';
import { authorCharacter, authorNoun, authorWorld } from './seed.fixtures';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const meta = {
  title: 'Worlds/Entry form',
  component: EntryFormDialog,
  args: { worldId: authorWorld.id, onClose: fn(), onDirtyChange: fn() },
  parameters: { scenarios: ['signed-in'], appFrame: true, msw: { handlers } },
} satisfies Meta<typeof EntryFormDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new entry starts as a noun: name and description only. */
export const NewNoun: Story = {
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: t('worlds:entry.newTitle') });
    await expect(within(dialog).queryByLabelText(t('worlds:entry.target'))).toBeNull();
  },
};

/** A noun being edited. */
export const EditNoun: Story = { args: { entry: authorNoun } };

/** A character with its status, age, gender, recommendation, goal and relationships. */
export const EditCharacter: Story = {
  args: { entry: authorCharacter },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).getByLabelText(t('worlds:entry.target'))).toHaveValue(
      authorCharacter.character_target,
    );
    await expect(
      within(dialog).getByLabelText(t('worlds:entry.relationshipName', { n: 1 })),
    ).toHaveValue(authorCharacter.character_relationships[0]!.name);
  },
};

/** Invalid character fields: each message at its field, nothing sent. */
export const CharacterErrors: Story = {
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: t('worlds:entry.newTitle') });
    const form = within(dialog);
    await userEvent.click(form.getByRole('radio', { name: t('worlds:entry.types.character') }));
    await userEvent.type(form.getByLabelText(t('worlds:entry.name')), 'Lin_Yue');
    // Typing stops at the goal's 30 characters, and the field says so.
    const target = form.getByLabelText(t('worlds:entry.target'));
    await userEvent.type(target, '远'.repeat(31));
    await expect(target).toHaveValue('远'.repeat(30));
    await userEvent.click(form.getByRole('button', { name: t('common:actions.save') }));
    const alerts = form.getAllByRole('alert').map((a) => a.textContent);
    await expect(alerts).toContain(t('worlds:errors.nameChars'));
    await expect(alerts).toContain(t('common:maxLength.typing', { max: 30 }));
  },
};
