import { useEffect, useRef, useState } from 'react';
import { LAZY_IMAGE_RETRIES } from '@/config/download';
import { clock } from '@/lib/clock';
import { safeImageSrc } from '@/lib/safe-url';
// Its style sheet is part of the global one (src/styles/global.css).

export interface LazyImageProps {
  src: string;
  /** Also shown as the fallback's text once every retry has failed. */
  alt: string;
  /** Intrinsic size: reserves the space (aspect ratio) before the image arrives. */
  width: number;
  height: number;
  className?: string;
  /** Further attempts after the first failed load (spec 1 §9: 3). */
  retries?: number;
  /** Retry n (1, 2, 3) waits n times this. */
  retryDelayMs?: number;
  /** How far outside the viewport loading starts. */
  rootMargin?: string;
}

/** The address of attempt `n` (0 = the first): later ones bypass a cached failure. */
export function attemptSrc(src: string, attempt: number): string {
  if (attempt === 0) return src;
  return `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`;
}

/**
 * An image that loads when it comes near the viewport (IntersectionObserver, and the
 * browser's own `loading="lazy"` as a second guard), tries again up to `retries` times when
 * it fails, then shows its alternative text in the image's place.
 */
export function LazyImage({
  src,
  alt,
  width,
  height,
  className,
  retries = LAZY_IMAGE_RETRIES,
  retryDelayMs = 500,
  rootMargin = '200px',
}: LazyImageProps) {
  const holder = useRef<HTMLSpanElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  const [attempt, setAttempt] = useState(0);
  const [waiting, setWaiting] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const failed = attempt > retries;

  // A new address starts over.
  const [forSrc, setForSrc] = useState(src);
  if (forSrc !== src) {
    setForSrc(src);
    setAttempt(0);
    setWaiting(false);
    setLoaded(false);
  }

  useEffect(() => {
    if (visible) return;
    const el = holder.current;
    if (!el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [visible, rootMargin]);

  useEffect(() => {
    if (!waiting) return;
    const timer = clock.setTimeout(
      () => {
        setWaiting(false);
        setAttempt((n) => n + 1);
      },
      retryDelayMs * (attempt + 1),
    );
    return () => clock.clearTimeout(timer);
  }, [waiting, attempt, retryDelayMs]);

  function onError() {
    if (attempt < retries) {
      setWaiting(true);
    } else {
      setAttempt(retries + 1);
    }
  }

  const classes = ['lazy-image', loaded ? 'is-loaded' : '', failed ? 'lazy-image--failed' : '']
    .filter(Boolean)
    .join(' ');

  return (
    <span
      ref={holder}
      className={className ? `${classes} ${className}` : classes}
      style={{ aspectRatio: `${width} / ${height}` }}
      data-attempt={attempt}
    >
      {failed ? (
        <span role="img" aria-label={alt} className="lazy-image__fallback">
          <span aria-hidden="true">{alt}</span>
        </span>
      ) : visible && !waiting ? (
        <img
          key={attempt}
          src={attemptSrc(safeImageSrc(src), attempt)}
          alt={alt}
          width={width}
          height={height}
          loading="lazy"
          decoding="async"
          onLoad={() => setLoaded(true)}
          onError={onError}
        />
      ) : null}
    </span>
  );
}
