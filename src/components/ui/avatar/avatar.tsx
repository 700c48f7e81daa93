import { avatarUrl } from '@/lib/image-url';

/**
 * A user's avatar (spec 1 §3): the proxied image, or the shared placeholder image when the
 * user has none. Decorative by default (the name is next to it); pass `alt` when it is not.
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
  const own = Boolean(src?.trim());
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
