import { desktopSiteOrigin, isAndroidUserAgent, isMobileUserAgent } from './device';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

const loc = (href: string) => {
  const u = new URL(href);
  return { protocol: u.protocol, hostname: u.hostname, port: u.port, origin: u.origin };
};

describe('device checks', () => {
  it('tells phones from desktops, and Android from the rest', () => {
    expect(isMobileUserAgent(ANDROID)).toBe(true);
    expect(isMobileUserAgent(IPHONE)).toBe(true);
    expect(isMobileUserAgent(DESKTOP)).toBe(false);
    expect(isAndroidUserAgent(ANDROID)).toBe(true);
    expect(isAndroidUserAgent(IPHONE)).toBe(false);
    expect(isAndroidUserAgent(DESKTOP)).toBe(false);
  });

  it('derives the desktop site from the page origin', () => {
    expect(desktopSiteOrigin(loc('https://m.example.com/trade'))).toBe('https://www.example.com');
    expect(desktopSiteOrigin(loc('https://app.eu.example.com/'))).toBe('https://www.eu.example.com');
    expect(desktopSiteOrigin(loc('https://example.com/'))).toBe('https://www.example.com');
    expect(desktopSiteOrigin(loc('http://m.example.com:8080/'))).toBe('http://www.example.com:8080');
    expect(desktopSiteOrigin(loc('http://localhost:4000/'))).toBe('http://localhost:4000');
    expect(desktopSiteOrigin(loc('http://127.0.0.1:4000/'))).toBe('http://127.0.0.1:4000');
  });
});
