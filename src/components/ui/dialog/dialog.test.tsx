import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { i18next } from '@/lib/i18n';
import { Dialog } from './dialog';
import { DialogCancel, useUnsavedInDialog } from './dialog-close';
import { OUTSIDE_MODALS } from './modal-layer';

/** A page with an opener; the dialog has a field and two buttons to move focus through. */
function Page({ stacked = false }: { stacked?: boolean }) {
  const [open, setOpen] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <main>
      <h1>Chapters</h1>
      <button type="button" onClick={() => setOpen(true)}>
        Rename
      </button>
      {open ? (
        <Dialog title="Rename chapter" onClose={() => setOpen(false)}>
          <input aria-label="Title" />
          {stacked ? (
            <button type="button" onClick={() => setInner(true)}>
              More
            </button>
          ) : null}
          <button type="button" onClick={() => setOpen(false)}>
            Done
          </button>
        </Dialog>
      ) : null}
      {inner ? (
        <Dialog title="More options" onClose={() => setInner(false)}>
          <button type="button" onClick={() => setInner(false)}>
            Back
          </button>
        </Dialog>
      ) : null}
    </main>
  );
}

/** The dialog's layer: its backdrop, a child of <body>. */
const layerOf = (dialog: HTMLElement) => dialog.parentElement!;

describe('Dialog', () => {
  it('makes the rest of the page inert while open, and only that', async () => {
    const user = userEvent.setup();
    const live = document.body.appendChild(document.createElement('div'));
    live.setAttribute(OUTSIDE_MODALS, '');
    const { container } = render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename chapter' });

    expect(container).toHaveAttribute('inert');
    expect(layerOf(dialog)).not.toHaveAttribute('inert');
    expect(live).not.toHaveAttribute('inert');
    for (const child of document.body.children)
      if (child !== layerOf(dialog) && child !== live) expect(child).toHaveAttribute('inert');

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelectorAll('[inert]')).toHaveLength(0);
    live.remove();
  });

  it('moves focus in, returns it to the opener on close, and closes on Esc', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Rename' });
    await user.click(opener);
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
    expect(opener.closest('[inert]')).toBeNull();
  });

  it('a dialog opened from one that closed meanwhile gives the focus back to the first opener', async () => {
    // As the pay dialog hands over to its QR: the second opens from the first, which closes.
    function HandOver() {
      const [first, setFirst] = useState(false);
      const [second, setSecond] = useState(false);
      return (
        <main>
          <button type="button" onClick={() => setFirst(true)}>
            Subscribe
          </button>
          {first ? (
            <Dialog title="Pay" onClose={() => setFirst(false)}>
              <button type="button" onClick={() => setSecond(true)}>
                WeChat Pay
              </button>
            </Dialog>
          ) : null}
          {second ? (
            <Dialog title="Scan to pay" onClose={() => setSecond(false)}>
              {/* The first closes once the second is open, its focus taken from the first. */}
              <button type="button" onClick={() => setFirst(false)}>
                Paid
              </button>
            </Dialog>
          ) : null}
        </main>
      );
    }
    const user = userEvent.setup();
    render(<HandOver />);
    const opener = screen.getByRole('button', { name: 'Subscribe' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'WeChat Pay' }));
    const second = await screen.findByRole('dialog', { name: 'Scan to pay' });
    await user.click(within(second).getByRole('button', { name: 'Paid' }));
    // The first closing under the second leaves the second its focus.
    expect(within(second).getByRole('button', { name: 'Paid' })).toHaveFocus();
    await waitFor(() =>
      expect(document.querySelector('[aria-label="Pay"], .dialog')).not.toBeNull(),
    );
    await waitFor(() =>
      expect(
        screen.queryAllByRole('dialog').map((d) => d.getAttribute('aria-labelledby')),
      ).toHaveLength(1),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
  });

  it('closes the newest dialog on Esc when focus has fallen to the page body', async () => {
    const user = userEvent.setup();
    render(<Page stacked />);
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    await user.click(screen.getByRole('button', { name: 'More' }));
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'More options' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Rename chapter' })).toBeInTheDocument();
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('traps Tab inside the dialog, both ways', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    // In order: the header's close button (focused first), the field, Done.
    const close = screen.getByRole('button', { name: i18next.t('common:actions.close') });
    const title = screen.getByRole('textbox', { name: 'Title' });
    const done = screen.getByRole('button', { name: 'Done' });
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(done).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(title).toHaveFocus();
    await user.tab();
    expect(done).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
  });

  it('makes a dialog underneath inert too, and gives it back when the upper one closes', async () => {
    const user = userEvent.setup();
    const { container } = render(<Page stacked />);
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const lower = screen.getByRole('dialog', { name: 'Rename chapter' });
    const more = screen.getByRole('button', { name: 'More' });
    await user.click(more);
    const upper = screen.getByRole('dialog', { name: 'More options' });
    expect(layerOf(lower)).toHaveAttribute('inert');
    expect(layerOf(upper)).not.toHaveAttribute('inert');
    expect(container).toHaveAttribute('inert');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(layerOf(lower)).not.toHaveAttribute('inert');
    expect(container).toHaveAttribute('inert');
    expect(more).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(container).not.toHaveAttribute('inert');
  });

  it('makes what is added behind an open dialog inert, and leaves an inert it did not set', async () => {
    const user = userEvent.setup();
    const foreign = document.body.appendChild(document.createElement('div'));
    foreign.setAttribute('inert', '');
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const late = document.body.appendChild(document.createElement('div'));
    await waitFor(() => expect(late).toHaveAttribute('inert'));

    await user.keyboard('{Escape}');
    expect(late).not.toHaveAttribute('inert');
    expect(foreign).toHaveAttribute('inert');
    late.remove();
    foreign.remove();
  });
});

const tr = (key: string) => i18next.t(key);

/**
 * A form in a dialog whose text counts as unsaved once typed; 放弃 empties it (as a form's
 * durable text drops its copy). `nested` reports through `useUnsavedInDialog` instead of the
 * dialog's `dirty` prop.
 */
function FormPage({ nested = false }: { nested?: boolean }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [discarded, setDiscarded] = useState(0);
  const discard = () => {
    setText('');
    setDiscarded((n) => n + 1);
  };
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        New entry
      </button>
      <output aria-label="discarded">{discarded}</output>
      {open ? (
        <Dialog
          title="New entry"
          onClose={() => setOpen(false)}
          dirty={nested ? undefined : text !== ''}
          onDiscard={nested ? undefined : discard}
        >
          <button type="button">Type</button>
          {nested ? (
            <NestedField text={text} onText={setText} onDiscard={discard} />
          ) : (
            <input aria-label="Name" value={text} onChange={(e) => setText(e.target.value)} />
          )}
          <DialogCancel>{tr('common:actions.cancel')}</DialogCancel>
        </Dialog>
      ) : null}
    </main>
  );
}

function NestedField({
  text,
  onText,
  onDiscard,
}: {
  text: string;
  onText: (v: string) => void;
  onDiscard: () => void;
}) {
  useUnsavedInDialog(text !== '', onDiscard);
  return <input aria-label="Name" value={text} onChange={(e) => onText(e.target.value)} />;
}

describe('Dialog with unsaved text', () => {
  const ask = () => screen.queryByRole('dialog', { name: tr('common:unsaved.title') });
  const keep = () => screen.getByRole('button', { name: tr('common:unsaved.keep') });
  const discardButton = () => screen.getByRole('button', { name: tr('common:unsaved.discard') });

  async function openAndType(nested = false) {
    const user = userEvent.setup();
    render(<FormPage nested={nested} />);
    const opener = screen.getByRole('button', { name: 'New entry' });
    await user.click(opener);
    const field = screen.getByRole('textbox', { name: 'Name' });
    await user.type(field, '青锋剑');
    return { user, opener, field, dialog: screen.getByRole('dialog', { name: 'New entry' }) };
  }

  const ways: [string, (user: UserEvent, dialog: HTMLElement) => Promise<void>][] = [
    ['Esc', (user) => user.keyboard('{Escape}')],
    [
      'the close button',
      (user, dialog) =>
        user.click(within(dialog).getByRole('button', { name: tr('common:actions.close') })),
    ],
    ['a background click', (user, dialog) => user.click(dialog.parentElement!)],
    [
      '取消',
      (user, dialog) =>
        user.click(within(dialog).getByRole('button', { name: tr('common:actions.cancel') })),
    ],
  ];

  for (const [way, close] of ways) {
    it(`asks on ${way}; 继续编辑 keeps the text and the focus in the form`, async () => {
      const { user, field, dialog } = await openAndType();
      await close(user, dialog);
      expect(await screen.findByRole('dialog', { name: tr('common:unsaved.title') })).toBeVisible();
      // 继续编辑 first: Enter keeps the text.
      expect(keep()).toHaveFocus();
      expect(dialog.parentElement).toHaveAttribute('inert');
      await user.keyboard('{Enter}');
      await waitFor(() => expect(ask()).toBeNull());
      expect(dialog).toBeInTheDocument();
      expect(field).toHaveValue('青锋剑');
      expect(field).toHaveFocus();
      expect(dialog.parentElement).not.toHaveAttribute('inert');
    });
  }

  it('放弃 closes, drops the text, and gives the focus back to the opener', async () => {
    const { user, opener } = await openAndType();
    await user.keyboard('{Escape}');
    await screen.findByRole('dialog', { name: tr('common:unsaved.title') });
    await user.click(discardButton());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status', { name: 'discarded' })).toHaveTextContent('1');
    expect(opener).toHaveFocus();
    expect(document.querySelectorAll('[inert]')).toHaveLength(0);
  });

  it('Esc on the ask keeps editing; a second Esc asks again', async () => {
    const { user, field } = await openAndType();
    await user.keyboard('{Escape}');
    await screen.findByRole('dialog', { name: tr('common:unsaved.title') });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(ask()).toBeNull());
    expect(field).toHaveFocus();
    expect(field).toHaveValue('青锋剑');
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('dialog', { name: tr('common:unsaved.title') })).toBeVisible();
  });

  it('asks for a part that reports unsaved text (useUnsavedInDialog), and 放弃 drops it', async () => {
    const { user, opener } = await openAndType(true);
    await user.keyboard('{Escape}');
    await screen.findByRole('dialog', { name: tr('common:unsaved.title') });
    await user.click(discardButton());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status', { name: 'discarded' })).toHaveTextContent('1');
    expect(opener).toHaveFocus();
  });

  it('reloading or closing the tab asks only while a dialog holds unsaved text', async () => {
    /** Whether the browser would ask before leaving the tab now. */
    const leaveAsks = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    for (const nested of [false, true]) {
      const { user } = await openAndType(nested);
      expect(leaveAsks()).toBe(true);
      await user.clear(screen.getByRole('textbox', { name: 'Name' }));
      expect(leaveAsks()).toBe(false);
      cleanup();
    }
    render(<FormPage />);
    expect(leaveAsks()).toBe(false);
  });

  it('a dialog without unsaved text closes at once, by every way', async () => {
    const user = userEvent.setup();
    render(<FormPage />);
    const opener = screen.getByRole('button', { name: 'New entry' });
    for (const [, close] of ways) {
      await user.click(opener);
      const dialog = screen.getByRole('dialog', { name: 'New entry' });
      await close(user, dialog);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(opener).toHaveFocus();
    }
  });
});
