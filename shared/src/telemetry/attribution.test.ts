import { cleanMessage, isLoadFailure, remoteFrame, remoteOfUrl } from './attribution';

const V = '20261127-021413-1e9f374f33';

describe('remoteFrame', () => {
  it('finds the first line in a remote file and keeps only its name and path in the remote folder', () => {
    const v8 = [
      'TypeError: Cannot read properties of undefined',
      '    at useThing (http://localhost:8080/main.80134abb.js:2:100)',
      `    at OrderRow (https://m.example.com/remotes/mf-orders/${V}/412.js?x=token:1:2345)`,
      `    at List (https://m.example.com/remotes/mf-orders/${V}/412.js:1:999)`,
    ].join('\n');
    expect(remoteFrame(v8)).toEqual({
      remote: 'mf-orders',
      version: V,
      frame: `OrderRow (/remotes/mf-orders/${V}/412.js:1:2345)`,
    });
    const firefox = `render@https://m.example.com/remotes/mf-support/${V}/__federation_expose_FeedbackPage.a0.js:3:17\n`;
    expect(remoteFrame(firefox)?.frame).toBe(
      `render (/remotes/mf-support/${V}/__federation_expose_FeedbackPage.a0.js:3:17)`,
    );
    // An anonymous frame; and a frame reduced here reads the same again (the server re-checks what the host sent).
    expect(remoteFrame(`    at https://x/remotes/mf-funds/${V}/1.js:9:8`)?.frame).toBe(
      `/remotes/mf-funds/${V}/1.js:9:8`,
    );
    const reduced = remoteFrame(v8)!.frame;
    expect(remoteFrame(reduced)?.frame).toBe(reduced);
  });

  it('is null for the host’s own code, nonsense and nothing', () => {
    expect(remoteFrame('Error\n    at a (http://localhost/main.js:1:2)')).toBeNull();
    expect(remoteFrame('/remotes/../../etc/passwd:1:2')).toBeNull();
    expect(remoteFrame(undefined)).toBeNull();
    expect(remoteFrame('')).toBeNull();
  });
});

describe('remoteOfUrl', () => {
  it('reads the remote and version of a chunk URL in a load error', () => {
    const msg = `Loading chunk 412 failed.\n(error: https://m.example.com/remotes/mf-orders/${V}/412.js)`;
    expect(remoteOfUrl(msg)).toEqual({ remote: 'mf-orders', version: V });
    expect(remoteOfUrl('Loading chunk 3 failed. (error: http://localhost/3.js)')).toBeNull();
  });
});

describe('cleanMessage', () => {
  it('takes out origins, queries, e-mails, long numbers and tokens, on one line, bounded', () => {
    const token = 'a'.repeat(64);
    expect(
      cleanMessage(
        `Failed to fetch https://api.example.com/api/user/info?token=${token}&lang=en\nfor trader@example.com uid 12345678`,
      ),
    ).toBe('Failed to fetch /api/user/info for [email] uid [n]');
    expect(cleanMessage(`bearer ${token}`)).toBe('bearer [id]');
    // A remote's own path stays whole (its version has long digit runs).
    expect(cleanMessage(`Loading chunk 4 failed. (error: https://x.io/remotes/mf-orders/${V}/4.js)`)).toBe(
      `Loading chunk 4 failed. (error: /remotes/mf-orders/${V}/4.js)`,
    );
    expect(cleanMessage('word '.repeat(100))).toHaveLength(200);
    expect(cleanMessage(undefined)).toBe('');
    // No control character survives (a NUL cannot be stored in PostgreSQL text).
    expect(cleanMessage('a\u0000b\u0007\tc\u009f')).toBe('a b c');
    expect(cleanMessage({ toString: () => 'odd' })).toBe('odd');
  });
});

describe('isLoadFailure', () => {
  it('tells code that did not load from code that failed', () => {
    const chunk = Object.assign(new Error('Loading chunk 12 failed.'), { name: 'ChunkLoadError' });
    expect(isLoadFailure(chunk)).toBe(true);
    expect(isLoadFailure(new Error('Failed to load script resources. #RUNTIME-008\nargs: {}'))).toBe(true);
    expect(isLoadFailure(new Error('mf-orders timed out after 15000 ms'))).toBe(true);
    expect(isLoadFailure(new TypeError('Failed to fetch dynamically imported module: https://x/1.js'))).toBe(
      true,
    );
    expect(isLoadFailure(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isLoadFailure('Loading chunk 1 failed.')).toBe(false);
    expect(isLoadFailure(null)).toBe(false);
  });
});
