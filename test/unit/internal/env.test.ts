import { describe, expect, it } from 'vitest';
import { describeDevice, detectStore, regionFromLanguages } from '../../../src/internal/env.js';

const UA = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  pixel: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  tab: 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
  ipadOs: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
};

describe('device detection', () => {
  it('device_info is OS version||model||device type', () => {
    expect(describeDevice(UA.iphone)).toBe('iOS 17.4||iPhone||phone');
    expect(describeDevice(UA.pixel)).toBe('Android 14||Pixel 7||phone');
    expect(describeDevice(UA.tab)).toBe('Android 13||SM-X700||tablet');
    expect(describeDevice(UA.windows)).toBe('Windows 10||Edge 124||desktop');
    expect(describeDevice(UA.ipadOs, 5)).toBe('iPadOS||Safari 17||tablet');
    expect(describeDevice('')).toBe('unknown||unknown||desktop');
    expect(describeDevice('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36')).toBe(
      'Linux||Chrome 156||desktop',
    );
  });

  it('the store follows the platform', () => {
    expect(detectStore(UA.iphone)).toBe('ios');
    expect(detectStore(UA.ipadOs, 5)).toBe('ios');
    expect(detectStore(UA.ipadOs, 0)).toBe('web');
    expect(detectStore(UA.pixel)).toBe('android');
    expect(detectStore(UA.windows)).toBe('web');
  });

  it('region comes from the first language tag that has one', () => {
    expect(regionFromLanguages(['en', 'ko-KR', 'en-US'])).toBe('KR');
    expect(regionFromLanguages(['zh-Hant-TW'])).toBe('TW');
  });

  it('without a region subtag, region is the language’s likely country, so join and login records are not refused', () => {
    expect(regionFromLanguages(['ko'])).toBe('KR');
    expect(regionFromLanguages(['en'])).toBe('US');
    expect(regionFromLanguages(['ja', 'ko-KR'])).toBe('KR'); // a stated region wins over a guess
    expect(regionFromLanguages(['es-419', 'de'])).toBe('DE'); // 419 is an area, not a country
    expect(regionFromLanguages(['en_US', 'x-y-z!'])).toBeUndefined(); // not language tags
    expect(regionFromLanguages([])).toBeUndefined();
  });
});
