import { fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { i18next } from '@/lib/i18n';
import { db } from '@mocks/db';
import { AUTHOR_UID } from '@mocks/seed-ids';
import { renderApp, signedInState } from '@/testing/render';

/** What the world screens' test files share: the author's worlds, opening a screen, fields. */
export const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);
export const myWorlds = () =>
  db.worlds
    .all()
    .filter((w) => w.uid === AUTHOR_UID && !w.deleted)
    .sort((a, b) => b.updated_at - a.updated_at);

export async function openWorlds() {
  const view = renderApp('/dashboard/worlds', { preloadedState: await signedInState() });
  // The first screen of a file also loads its lazy chunk and namespaces.
  await screen.findByRole('list', { name: t('worlds:list.label') });
  return view;
}

export async function openEditor(id = myWorlds()[0]!.id) {
  const view = renderApp(`/dashboard/worlds/${id}`, { preloadedState: await signedInState() });
  await screen.findByRole('list', { name: new RegExp(t('worlds:glossary.title')) });
  return view;
}

/** Sets a field's value in one go (long texts would take seconds to type). */
export function fill(field: HTMLElement, value: string) {
  fireEvent.change(field, { target: { value } });
}

export function expectFieldError(field: HTMLElement, message: string) {
  expect(field).toHaveAttribute('aria-invalid', 'true');
  const ids = field.getAttribute('aria-describedby') ?? '';
  const described = ids
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');
  expect(described).toContain(message);
}

export async function addWord(user: UserEvent, scope: HTMLElement, word: string) {
  const input = within(scope).getByLabelText(t('worlds:words.label'));
  await user.clear(input);
  await user.type(input, word);
  await user.click(within(scope).getByRole('button', { name: t('worlds:words.add') }));
}
