import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { i18next } from '@/lib/i18n';
import { db } from '@mocks/db';
import { AUTHOR_EMAIL, AUTHOR_PHONE } from '@mocks/seed-ids';

/** The seeded author's password (src/mocks/factories.ts). */
const AUTHOR_PASSWORD = 'inkworld2026';

/**
 * What a user does and sees, in the product's words (Excalidraw's `UI` helpers), so tests
 * read as the flow and survive markup changes. Names come from the locale files via
 * i18next, so the vocabulary works in either language.
 */
const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

export const ui = {
  /**
   * The open dialog called `name` (its title), waiting for it to appear (a dialog's code loads
   * on its first opening: the suite's one bound, not a shorter one).
   */
  dialog(name?: string | RegExp) {
    return screen.findByRole('dialog', name === undefined ? {} : { name });
  },

  /**
   * An author's link on the page, not the one of the same name inside their hover card (which
   * may already be open: its chunk loads once per run).
   */
  authorLink(name: string | RegExp) {
    const link = screen.getAllByRole('link', { name }).find((el) => !el.closest('[role="dialog"]'));
    if (!link) throw new Error(`no author link ${String(name)} outside a hover card`);
    return link;
  },

  /** The dialog called `name` if it is open, else null (for "it closed" assertions). */
  queryDialog(name?: string | RegExp) {
    return screen.queryByRole('dialog', name === undefined ? {} : { name });
  },

  /** Closes a dialog with its close button and waits until it is gone. */
  async closeDialog(dialog: HTMLElement, user: UserEvent = userEvent.setup()) {
    await user.click(within(dialog).getByRole('button', { name: t('common:actions.close') }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  },

  /** Clicks the login button (header or sign-in panel) and returns the login dialog. */
  async openLogin(user: UserEvent = userEvent.setup()) {
    const [button] = screen.getAllByRole('button', { name: t('common:auth.login') });
    if (!button) throw new Error('no login button on the screen');
    await user.click(button);
    return ui.dialog(t('common:auth.loginTitle'));
  },

  /**
   * The whole phone login: opens the dialog, asks for a code, reads it from the mock
   * backend (where the dev panel shows it) and submits. Resolves when the dialog closed.
   */
  async logInWithPhone(user: UserEvent = userEvent.setup(), phone: string = AUTHOR_PHONE) {
    await ui.logInWithPhoneIn(await ui.openLogin(user), user, phone);
  },

  /** The phone login in a login dialog already open (the one a session's end opened). */
  async logInWithPhoneIn(
    dialog: HTMLElement,
    user: UserEvent = userEvent.setup(),
    phone: string = AUTHOR_PHONE,
  ) {
    const form = within(dialog);
    await user.type(form.getByLabelText(t('auth:phone')), phone);
    await user.click(form.getByRole('button', { name: t('auth:sendCode') }));
    const code = await waitFor(() => {
      const latest = ui.lastSentCode(phone);
      if (!latest) throw new Error(`no code was sent to ${phone}`);
      return latest;
    });
    await user.type(form.getByLabelText(t('auth:code')), code);
    await user.click(form.getByRole('button', { name: t('auth:submit') }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  },

  /**
   * E-mail + password login: opens the dialog, switches to e-mail, submits. Resolves when the
   * dialog closed (a refused password leaves it open: use the dialog's alerts instead).
   */
  async logInWithEmail(
    user: UserEvent = userEvent.setup(),
    email: string = AUTHOR_EMAIL,
    password: string = AUTHOR_PASSWORD,
  ) {
    const dialog = await ui.openLogin(user);
    const form = within(dialog);
    await user.click(form.getByRole('button', { name: t('auth:modes.email') }));
    await user.type(form.getByLabelText(t('auth:email')), email);
    await user.type(form.getByLabelText(t('auth:password')), password);
    await user.click(form.getByRole('button', { name: t('auth:submit') }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  },

  /** The newest verification code the mock backend "sent" to a phone number or e-mail address. */
  lastSentCode(target: string): string | null {
    const rows = db.codes
      .all()
      .filter((c) => c.target.endsWith(` ${target}`) || c.target === target.toLowerCase());
    return rows.sort((a, b) => b.sent_at - a.sent_at)[0]?.code ?? null;
  },

  /** Opens the signed-in account menu (avatar and name in the header). */
  async openAccountMenu(user: UserEvent = userEvent.setup()) {
    await user.click(
      await screen.findByRole('button', { name: new RegExp(t('common:auth.account')) }),
    );
  },

  async logOut(user: UserEvent = userEvent.setup()) {
    await ui.openAccountMenu(user);
    // The panel may wait for its balance breakdown's chunk before it opens.
    await user.click(await screen.findByRole('button', { name: t('common:auth.logout') }));
  },

  /** The toast on screen, waiting for it; `text` narrows it to one message. */
  async toast(text?: string | RegExp) {
    return waitFor(() => {
      const toast = toastViewport().querySelector<HTMLElement>('.toast');
      if (!toast) throw new Error('no toast is shown');
      if (text !== undefined) expect(toast).toHaveTextContent(text);
      return toast;
    });
  },

  /** No toast is shown right now. */
  expectNoToast() {
    expect(toastViewport().querySelector('.toast')).toBeNull();
  },
};

function toastViewport(): HTMLElement {
  const viewport = document.querySelector<HTMLElement>('.toast-viewport');
  if (!viewport) throw new Error('no toast viewport: render the app frame (ToastViewport)');
  return viewport;
}
