import { describe, expect, it } from 'vitest';
import { ANDROID_DOWNLOAD_URL, APP_STORE_URL } from '@/config/download';
import { detectPlatform, downloadTarget } from './platform';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  // iPadOS 13+ asks for the desktop site: a Mac user agent, but a touch screen.
  ipadDesktop:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  wechatIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  huawei:
    'Mozilla/5.0 (Linux; Android 10; HarmonyOS; ELS-AN00) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/99.0 Mobile Safari/537.36 HuaweiBrowser/12.1',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  linux: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
};

describe('detectPlatform', () => {
  it('knows iPhone, iPad and iPod, in any browser', () => {
    expect(detectPlatform({ userAgent: UA.iphone })).toBe('ios');
    expect(detectPlatform({ userAgent: UA.ipad })).toBe('ios');
    expect(detectPlatform({ userAgent: UA.wechatIos })).toBe('ios');
    expect(detectPlatform({ userAgent: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_0)' })).toBe(
      'ios',
    );
  });

  it('takes a Mac with a touch screen for an iPad, and a Mac without one for a computer', () => {
    expect(detectPlatform({ userAgent: UA.ipadDesktop, maxTouchPoints: 5 })).toBe('ios');
    expect(detectPlatform({ userAgent: UA.ipadDesktop, maxTouchPoints: 0 })).toBe('other');
    expect(detectPlatform({ userAgent: UA.ipadDesktop })).toBe('other');
  });

  it('knows Android phones, HarmonyOS ones included', () => {
    expect(detectPlatform({ userAgent: UA.android, maxTouchPoints: 5 })).toBe('android');
    expect(detectPlatform({ userAgent: UA.huawei })).toBe('android');
    // Android wins over a stray iPhone mention.
    expect(detectPlatform({ userAgent: 'Android 9; like iPhone' })).toBe('android');
  });

  it('calls everything else another platform', () => {
    expect(detectPlatform({ userAgent: UA.windows })).toBe('other');
    expect(detectPlatform({ userAgent: UA.linux, maxTouchPoints: 10 })).toBe('other');
    expect(detectPlatform({ userAgent: '' })).toBe('other');
  });
});

describe('downloadTarget (spec 1 §2, button 2)', () => {
  const origin = 'https://write.example.com';
  it('sends iOS to the App Store listing', () => {
    expect(downloadTarget('ios', origin)).toBe(APP_STORE_URL);
  });
  it('sends Android to the short download link', () => {
    expect(downloadTarget('android', origin)).toBe(ANDROID_DOWNLOAD_URL);
  });
  it('sends any other platform to the site origin', () => {
    expect(downloadTarget('other', origin)).toBe(origin);
  });
});
