import { ANDROID_DOWNLOAD_URL, APP_STORE_URL } from '@/config/download';

export type Platform = 'ios' | 'android' | 'other';

/** What the page can read about the device (`navigator` in the browser). */
export interface DeviceInfo {
  userAgent: string;
  /** iPadOS 13+ says "Macintosh" but has a touch screen; a Mac has none. */
  maxTouchPoints?: number;
}

/**
 * Which store a visitor's device takes (spec 1 §2). Android first: some Android browsers
 * mention "like iPhone" in compatibility strings, no iOS browser mentions Android.
 */
export function detectPlatform({ userAgent, maxTouchPoints = 0 }: DeviceInfo): Platform {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  if (/macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return 'other';
}

/**
 * Button 2 of the download page (spec 1 §2): iOS to the App Store listing, Android to the
 * short download link, any other platform to the site origin.
 */
export function downloadTarget(platform: Platform, origin: string): string {
  if (platform === 'ios') return APP_STORE_URL;
  if (platform === 'android') return ANDROID_DOWNLOAD_URL;
  return origin;
}

/** The current device, read once where the page needs it. */
export function currentPlatform(): Platform {
  if (typeof navigator === 'undefined') return 'other';
  return detectPlatform({
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
  });
}
