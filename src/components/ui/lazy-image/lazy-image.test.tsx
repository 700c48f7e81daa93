import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { attemptSrc, LazyImage } from './lazy-image';

type ObserverCallback = (entries: Partial<IntersectionObserverEntry>[]) => void;

/** A controllable IntersectionObserver: `show()` brings every observed element into view. */
function installObserver() {
  const callbacks: ObserverCallback[] = [];
  const observed: Element[] = [];
  class FakeObserver {
    constructor(cb: ObserverCallback) {
      callbacks.push(cb);
    }
    observe(el: Element) {
      observed.push(el);
    }
    disconnect() {}
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    observed,
    show: () =>
      act(() => {
        for (const cb of callbacks) cb([{ isIntersecting: true }]);
      }),
  };
}

describe('LazyImage', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('loads nothing until it comes near the viewport, then lazily', () => {
    const io = installObserver();
    const { container } = render(<LazyImage src="/a.svg" alt="标题" width={750} height={400} />);
    expect(container.querySelector('img')).toBeNull();
    expect(io.observed).toHaveLength(1);
    io.show();
    const img = screen.getByRole('img', { name: '标题' });
    expect(img).toHaveAttribute('src', '/a.svg');
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('tries 3 more times after a failure, each with a fresh address, then shows a fallback', () => {
    const io = installObserver();
    render(<LazyImage src="/a.svg" alt="标题" width={750} height={400} retryDelayMs={100} />);
    io.show();
    const seen: string[] = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const img = screen.getByRole('img', { name: '标题' });
      seen.push(img.getAttribute('src')!);
      fireEvent.error(img);
      // Nothing is shown while waiting for the next try; retry n waits n × 100 ms.
      expect(screen.queryByRole('img')).toBeNull();
      act(() => void vi.advanceTimersByTime(100 * attempt - 1));
      expect(screen.queryByRole('img')).toBeNull();
      act(() => void vi.advanceTimersByTime(1));
    }
    const last = screen.getByRole('img', { name: '标题' });
    seen.push(last.getAttribute('src')!);
    expect(seen).toEqual(['/a.svg', '/a.svg?retry=1', '/a.svg?retry=2', '/a.svg?retry=3']);
    fireEvent.error(last);
    act(() => void vi.advanceTimersByTime(10_000));
    // The fallback: the alternative text in the image's place, and no further request.
    const fallback = screen.getByRole('img', { name: '标题' });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback).toHaveTextContent('标题');
    expect(document.querySelector('img')).toBeNull();
  });

  it('keeps the image once a retry succeeds', () => {
    const io = installObserver();
    render(<LazyImage src="/a.svg" alt="标题" width={750} height={400} retryDelayMs={10} />);
    io.show();
    fireEvent.error(screen.getByRole('img'));
    act(() => void vi.advanceTimersByTime(10));
    const img = screen.getByRole('img', { name: '标题' });
    fireEvent.load(img);
    expect(img).toHaveAttribute('src', '/a.svg?retry=1');
    expect(img.parentElement).toHaveClass('is-loaded');
  });

  it('starts over with a new address', () => {
    const io = installObserver();
    const { rerender } = render(
      <LazyImage src="/a.svg" alt="标题" width={750} height={400} retries={0} />,
    );
    io.show();
    fireEvent.error(screen.getByRole('img'));
    expect(document.querySelector('img')).toBeNull();
    rerender(<LazyImage src="/b.svg" alt="标题" width={750} height={400} retries={0} />);
    expect(screen.getByRole('img', { name: '标题' })).toHaveAttribute('src', '/b.svg');
  });

  it('loads at once where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<LazyImage src="/a.svg?v=2" alt="标题" width={750} height={400} />);
    expect(screen.getByRole('img', { name: '标题' })).toHaveAttribute('src', '/a.svg?v=2');
    expect(attemptSrc('/a.svg?v=2', 2)).toBe('/a.svg?v=2&retry=2');
  });
});
