import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18next } from '@/lib/i18n';
import { ImageViewerDialog, type ViewerImage } from './image-viewer-dialog';

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

const IMAGES: ViewerImage[] = [
  { src: '/covers/a.jpg', alt: 'A lighthouse' },
  { src: '/covers/b.jpg', alt: 'A forest' },
  { src: '/covers/c.jpg', alt: 'A harbour' },
];

/** A page whose button opens the viewer, as the dialog host would. */
function Page({ images = IMAGES, index }: { images?: ViewerImage[]; index?: number }) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Open cover
      </button>
      {open ? (
        <ImageViewerDialog
          dialogId={1}
          images={images}
          {...(index !== undefined ? { index } : {})}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </main>
  );
}

async function open(props: { images?: ViewerImage[]; index?: number } = {}) {
  const user = userEvent.setup();
  render(<Page {...props} />);
  const opener = screen.getByRole('button', { name: 'Open cover' });
  await user.click(opener);
  const dialog = screen.getByRole('dialog', { name: t('media:viewer.title') });
  return { user, opener, dialog, d: within(dialog) };
}

/** The shown image (hidden while it loads, when it has no accessible name: found by alt). */
const shownImage = (alt: string) => screen.getByAltText(alt);
const button = (d: ReturnType<typeof within>, key: string) =>
  d.getByRole('button', { name: t(`media:viewer.${key}`) });
const zoomLevel = (d: ReturnType<typeof within>) =>
  d.getByRole('status', { name: t('media:viewer.zoomLevel') });

describe('ImageViewerDialog', () => {
  it('loads the image (status while loading), then shows it with its caption', async () => {
    const { d } = await open({ images: [IMAGES[0]!] });
    expect(d.getByText(t('media:viewer.loading'))).toBeInTheDocument();
    const img = shownImage('A lighthouse');
    expect(img).toHaveAttribute('src', '/covers/a.jpg');
    expect(img).not.toBeVisible();
    fireEvent.load(img);
    expect(img).toBeVisible();
    expect(d.queryByText(t('media:viewer.loading'))).toBeNull();
    expect(d.getByText('A lighthouse')).toBeInTheDocument();
  });

  it('one image: no previous, next or position', async () => {
    const { d } = await open({ images: [IMAGES[0]!] });
    expect(d.queryByRole('button', { name: t('media:viewer.previous') })).toBeNull();
    expect(d.queryByRole('button', { name: t('media:viewer.next') })).toBeNull();
    expect(d.queryByText(t('media:viewer.position', { current: 1, total: 1 }))).toBeNull();
  });

  it('arrow keys and buttons move between images; the ends are disabled; "n / m" is announced politely', async () => {
    const { user, d } = await open({ index: 1 });
    const position = d.getByText(t('media:viewer.position', { current: 2, total: 3 }));
    expect(position).toHaveAttribute('aria-live', 'polite');
    fireEvent.load(shownImage('A forest'));

    await user.keyboard('{ArrowRight}');
    expect(position).toHaveTextContent(t('media:viewer.position', { current: 3, total: 3 }));
    expect(shownImage('A harbour')).toHaveAttribute('src', '/covers/c.jpg');
    expect(button(d, 'next')).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{ArrowRight}');
    expect(position).toHaveTextContent(t('media:viewer.position', { current: 3, total: 3 }));
    // The disabled end keeps the focus when clicked.
    await user.click(button(d, 'next'));
    expect(button(d, 'next')).toHaveFocus();
    expect(position).toHaveTextContent(t('media:viewer.position', { current: 3, total: 3 }));

    await user.click(button(d, 'previous'));
    await user.keyboard('{ArrowLeft}');
    expect(position).toHaveTextContent(t('media:viewer.position', { current: 1, total: 3 }));
    expect(button(d, 'previous')).toHaveAttribute('aria-disabled', 'true');
    expect(button(d, 'next')).toHaveAttribute('aria-disabled', 'false');
  });

  it('zooms with + and - between 50% and 400%, 0 and the reset button fit it again', async () => {
    const { user, d } = await open({ images: [IMAGES[0]!] });
    // Nothing to zoom while loading.
    await user.keyboard('+');
    expect(zoomLevel(d)).toHaveTextContent('100%');
    fireEvent.load(shownImage('A lighthouse'));

    for (const expected of ['150%', '200%', '300%', '400%', '400%']) {
      await user.keyboard('+');
      expect(zoomLevel(d)).toHaveTextContent(expected);
    }
    expect(button(d, 'zoomIn')).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('0');
    expect(zoomLevel(d)).toHaveTextContent('100%');
    expect(button(d, 'reset')).toHaveAttribute('aria-disabled', 'true');

    for (const expected of ['75%', '50%', '50%']) {
      await user.keyboard('-');
      expect(zoomLevel(d)).toHaveTextContent(expected);
    }
    expect(button(d, 'zoomOut')).toHaveAttribute('aria-disabled', 'true');
    await user.click(button(d, 'zoomIn'));
    await user.click(button(d, 'zoomIn'));
    await user.click(button(d, 'zoomIn'));
    expect(zoomLevel(d)).toHaveTextContent('150%');
    await user.click(button(d, 'reset'));
    expect(zoomLevel(d)).toHaveTextContent('100%');
    await user.dblClick(shownImage('A lighthouse'));
    expect(zoomLevel(d)).toHaveTextContent('200%');
  });

  it('keys work wherever focus is in the dialog, and Ctrl + + is left to the browser', async () => {
    const { user, d } = await open({ images: [IMAGES[0]!] });
    fireEvent.load(shownImage('A lighthouse'));
    d.getByRole('button', { name: t('common:actions.close') }).focus();
    await user.keyboard('=');
    expect(zoomLevel(d)).toHaveTextContent('150%');
    await user.keyboard('{Control>}+{/Control}');
    expect(zoomLevel(d)).toHaveTextContent('150%');
  });

  it('a new image starts fitted', async () => {
    const { user, d } = await open();
    fireEvent.load(shownImage('A lighthouse'));
    await user.keyboard('++');
    expect(zoomLevel(d)).toHaveTextContent('200%');
    await user.keyboard('{ArrowRight}');
    expect(zoomLevel(d)).toHaveTextContent('100%');
  });

  it('a failed image says so and can be tried again', async () => {
    const { user, d } = await open({ images: [IMAGES[1]!] });
    fireEvent.error(shownImage('A forest'));
    expect(d.getByRole('alert')).toHaveTextContent(t('media:viewer.failed'));
    expect(d.queryByAltText('A forest')).toBeNull();
    expect(button(d, 'zoomIn')).toHaveAttribute('aria-disabled', 'true');
    await user.click(d.getByRole('button', { name: t('common:actions.retry') }));
    expect(d.queryByRole('alert')).toBeNull();
    fireEvent.load(shownImage('A forest'));
    expect(shownImage('A forest')).toBeVisible();
  });

  it('Esc closes and focus returns to the opener', async () => {
    const { user, opener } = await open();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('the close button closes and focus returns to the opener', async () => {
    const { user, opener, d } = await open();
    await user.click(d.getByRole('button', { name: t('common:actions.close') }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('opens at the given image, clamped into the list', async () => {
    const { d } = await open({ index: 7 });
    expect(d.getByText(t('media:viewer.position', { current: 3, total: 3 }))).toBeInTheDocument();
    expect(shownImage('A harbour')).toBeInTheDocument();
  });

  it('with no images, says there is nothing to show', async () => {
    const user = userEvent.setup();
    render(<Page images={[]} />);
    await user.click(screen.getByRole('button', { name: 'Open cover' }));
    expect(screen.getByRole('alert')).toHaveTextContent(t('media:viewer.none'));
  });
});
