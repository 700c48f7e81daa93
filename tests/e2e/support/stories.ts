import type { Page } from 'playwright-core';
import stories from '../../../src/locales/zh/stories.json';
import seed from '../../../mocks/seed.gen.json';

/** My stories as the writer sees them (zh): the list, and creating a story from it. */
export const myStories = (page: Page) =>
  page.getByRole('list', { name: stories.list.heading, exact: true });

/** Creates a story from the novels screen and waits until the list shows it. */
export async function createStory(page: Page, title: string) {
  await page.getByRole('button', { name: stories.list.create, exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: stories.list.createHeading, exact: true });
  await dialog.getByLabel(stories.list.titleLabel, { exact: true }).fill(title);
  await dialog.getByRole('button', { name: stories.list.createSubmit, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await myStories(page).getByRole('link', { name: title, exact: true }).waitFor();
}

/** A square story of another author (the seeded author cannot tip or report their own). */
export const othersStory = seed.stories.find(
  (s) =>
    s.uid !== 'u_author' &&
    s.share_status === 'square' &&
    s.deleted_at === 0 &&
    !seed.users.find((u) => u.uid === s.uid)?.is_official,
)!;
