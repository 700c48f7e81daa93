import { avatarUrl } from '@/lib/image-url';
import { safeImageSrc } from '@/lib/safe-url';

/**
 * A user's avatar (spec 1 §3): the proxied image, or the shared placeholder image when the
 * user has none or the server's address is not an image's (safe-url.ts). Decorative by
 * default (the name is next to it); pass `alt` when it is not.
 */
export function Avatar({
  src,
  alt = '',
  className,
}: {
  src: string | null | undefined;
  alt?: string;
  className?: string;
}) {
  const own = safeImageSrc(src) !== '';
  return (
    <img
      className={className ? `avatar ${className}` : 'avatar'}
      src={avatarUrl(src)}
      alt={alt}
      data-placeholder={own ? undefined : ''}
      decoding="async"
    />
  );
}
