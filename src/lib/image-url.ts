import { env } from '@/config/env';
import { safeImageSrc } from './safe-url';

/**
 * Image addresses as the page should load them (spec 1 §3): an empty avatar is the shared
 * placeholder image, and images from the proxied image host go through the app's proxy path
 * (that host does not serve the page's origin directly). The host is configuration
 * (`VITE_IMAGE_PROXY_HOST`), because the specification does not name it. An address no image
 * may have (`javascript:`, `data:text/html`, safe-url.ts) is '' here, as an empty one is.
 */
export const PLACEHOLDER_AVATAR = 'default-avatar.svg';
export const IMAGE_PROXY_PATH = '/img-proxy';

export interface ImageUrlOptions {
  /** Public path of the app, ending with '/'. */
  basePath?: string;
  /** Host whose images are routed through the proxy; empty: none. */
  proxyHost?: string;
  /** Base the proxy path lives on (the main API base). */
  proxyBase?: string;
}

export function placeholderAvatarUrl(basePath: string = env.basePath): string {
  return `${basePath}${PLACEHOLDER_AVATAR}`;
}

export function imageUrl(src: string | null | undefined, options: ImageUrlOptions = {}): string {
  const proxyHost = options.proxyHost ?? env.imageProxyHost;
  const proxyBase = options.proxyBase ?? env.services.main;
  const value = safeImageSrc(src);
  if (!value || !proxyHost) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value;
  }
  if (url.hostname !== proxyHost) return value;
  return `${proxyBase}${IMAGE_PROXY_PATH}/${url.hostname}${url.pathname}${url.search}`;
}

/**
 * The address to show for a user's avatar: proxied when needed, the placeholder when empty or
 * not an image's address.
 */
export function avatarUrl(src: string | null | undefined, options: ImageUrlOptions = {}): string {
  return imageUrl(src, options) || placeholderAvatarUrl(options.basePath);
}
