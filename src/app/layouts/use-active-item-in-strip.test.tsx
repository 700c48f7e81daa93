import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { useRef } from 'react';
import { useActiveItemInStrip } from './use-active-item-in-strip';

/** A strip 300 px wide holding a list wider than it, its third item active and past the end. */
function Strip({ active }: { active: string }) {
  const list = useRef<HTMLUListElement>(null);
  useActiveItemInStrip(list, active);
  return (
    <nav data-testid="strip">
      <ul ref={list}>
        {['a', 'b', 'c'].map((k) => (
          <li key={k} className={k === active ? 'is-active' : undefined} data-key={k} />
        ))}
      </ul>
    </nav>
  );
}

function box(left: number, width: number): DOMRect {
  return {
    left,
    right: left + width,
    width,
    top: 0,
    bottom: 40,
    height: 40,
    x: left,
    y: 0,
  } as DOMRect;
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

const originalScrollBy = HTMLElement.prototype.scrollBy;

describe('useActiveItemInStrip', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    HTMLElement.prototype.scrollBy = originalScrollBy;
  });

  it('scrolls the active item into the strip in the next frame, reading no layout in the commit', async () => {
    const reads: string[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(() => {
      reads.push('scrollWidth');
      return 600;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.dataset.key === 'c' ? box(400, 100) : box(0, 300);
    });
    const scrollBy = vi.fn();
    HTMLElement.prototype.scrollBy = scrollBy;

    const { getByTestId } = render(<Strip active="c" />);
    expect(getByTestId('strip')).toBeInTheDocument();
    expect(reads).toEqual([]);
    expect(scrollBy).not.toHaveBeenCalled();

    await nextFrame();
    // The item's right edge (500) is brought to 12 px inside the strip's (300).
    expect(scrollBy).toHaveBeenCalledWith({ left: 500 - (300 - 12) });
  });

  it('does nothing when the strip is not wider than its box', async () => {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(300);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    const scrollBy = vi.fn();
    HTMLElement.prototype.scrollBy = scrollBy;
    render(<Strip active="c" />);
    await nextFrame();
    expect(scrollBy).not.toHaveBeenCalled();
  });
});
