import { DEMO_SITE_TITLE } from '../constants';
import { resolveApiOrigin, resolveSocketUrl } from './api-host';
import type { PageLocation } from './api-host';

/** A location as the browser would report it for `href`. */
function loc(href: string): PageLocation {
  const url = new URL(href);
  return { protocol: url.protocol, hostname: url.hostname, port: url.port, origin: url.origin };
}

describe('resolveApiOrigin', () => {
  it.each([
    ['https://m.example.com/', 'https://api.example.com'],
    ['https://www.example.com/#/trade', 'https://api.example.com'],
    ['https://app.eu.example.com/', 'https://api.eu.example.com'],
    ['http://m.example.com:8080/', 'http://api.example.com:8080'],
    ['https://example.com/', 'https://api.example.com'],
    ['http://example.com:3000/', 'http://api.example.com:3000'],
  ])('derives the api host of %s as %s', (href, expected) => {
    expect(resolveApiOrigin(loc(href), 'Meridian')).toBe(expected);
  });

  it.each([
    'http://localhost:4000/',
    'http://127.0.0.1:4000/',
    'http://192.168.1.20:8080/',
    'http://[::1]:4000/',
    'http://app.localhost:4000/',
  ])('stays on the page origin for local or IP host %s', (href) => {
    expect(resolveApiOrigin(loc(href), 'Meridian', { testHost: 'https://test.example.net' })).toBe(
      new URL(href).origin,
    );
  });

  it('uses the page origin on the demo site', () => {
    expect(resolveApiOrigin(loc('https://m.example.com/'), DEMO_SITE_TITLE)).toBe('https://m.example.com');
  });

  it('does not treat another title as the demo site', () => {
    expect(resolveApiOrigin(loc('https://m.example.com/'), `${DEMO_SITE_TITLE} `)).toBe(
      'https://api.example.com',
    );
  });

  it('uses the page origin when sameOrigin is configured', () => {
    expect(resolveApiOrigin(loc('https://m.example.com:8443/'), 'Meridian', { sameOrigin: true })).toBe(
      'https://m.example.com:8443',
    );
  });

  it('falls back to the test host for a bare host name, else to the page origin', () => {
    expect(
      resolveApiOrigin(loc('http://web:8080/'), 'Meridian', { testHost: 'https://test.example.net/' }),
    ).toBe('https://test.example.net');
    expect(resolveApiOrigin(loc('http://web:8080/'), 'Meridian')).toBe('http://web:8080');
  });

  it('rebuilds an opaque origin from its parts', () => {
    const opaque: PageLocation = { protocol: 'http:', hostname: 'localhost', port: '4000', origin: 'null' };
    expect(resolveApiOrigin(opaque, 'Meridian')).toBe('http://localhost:4000');
  });

  it('ignores a trailing dot of a fully qualified host', () => {
    const fqdn: PageLocation = {
      protocol: 'https:',
      hostname: 'm.example.com.',
      port: '',
      origin: 'https://m.example.com.',
    };
    expect(resolveApiOrigin(fqdn, 'Meridian')).toBe('https://api.example.com');
  });
});

describe('resolveSocketUrl', () => {
  it('uses wss for an https api', () => {
    expect(resolveSocketUrl('https://api.example.com')).toBe('wss://api.example.com/v1/ws');
  });

  it('uses ws for an http api and keeps the port', () => {
    expect(resolveSocketUrl('http://localhost:4000')).toBe('ws://localhost:4000/v1/ws');
  });

  it('ignores any path on the origin', () => {
    expect(resolveSocketUrl('https://api.example.com:8443/')).toBe('wss://api.example.com:8443/v1/ws');
  });
});

describe('resolveApiOrigin with what the server says (index.html)', () => {
  it('in production replaces the first subdomain by api', () => {
    expect(resolveApiOrigin(loc('https://m.example.com/'), 'Meridian', { production: true })).toBe(
      'https://api.example.com',
    );
  });
  it('outside production uses the fixed test host, else the page origin', () => {
    expect(
      resolveApiOrigin(loc('https://m.example.com/'), 'Meridian', {
        production: false,
        testHost: 'https://api.test.example.net/',
      }),
    ).toBe('https://api.test.example.net');
    expect(resolveApiOrigin(loc('https://m.example.com/'), 'Meridian', { production: false })).toBe(
      'https://m.example.com',
    );
  });
  it('the demo site title keeps the API on the page origin, in production too', () => {
    expect(resolveApiOrigin(loc('https://m.example.com/'), DEMO_SITE_TITLE, { production: true })).toBe(
      'https://m.example.com',
    );
  });
});
