/**
 * The mobile download page (spec 1 §2, §9). The spec names the targets but not their
 * addresses: these are the product's listing and short link, set here at deployment.
 */

/** Spec 1 §9: "Overseas flag fixed off", so the Chinese variant of the page shows. */
export const OVERSEAS = false;

/** Where iOS visitors go: the app's App Store listing. */
export const APP_STORE_URL = 'https://apps.apple.com/cn/app/id6479012345';

/** Where Android visitors go: the short link that serves the current APK. */
export const ANDROID_DOWNLOAD_URL = 'https://inkworld.cn/apk';

/** Spec 1 §9: "Lazy image retries 3". */
export const LAZY_IMAGE_RETRIES = 3;
