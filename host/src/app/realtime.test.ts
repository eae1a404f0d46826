import { appStore, setLanguageAtom, setSessionAtom } from '@meridian/shared';
import type { User } from '@meridian/shared';
import { startRealtime } from './realtime';

/** A socket the test opens by hand, keeping what the client sends. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readonly url: string;
  readyState = 0;
  readonly sent: { type: string; lang?: string; token?: string }[] = [];
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(url: string) {
    this.url = url;
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as FakeSocket['sent'][number]);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
}

const user = { id: 1, uid: '1', email: 'a@b.c', is_demo: 0 } as unknown as User;

describe('the tab socket follows the reader', () => {
  const real = globalThis.WebSocket;
  beforeAll(() => {
    Object.assign(FakeSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
    globalThis.WebSocket = FakeSocket as unknown as typeof WebSocket;
  });
  afterAll(() => {
    globalThis.WebSocket = real;
  });

  it('connects with the language on the URL, logs in with it, and logs in again when it changes', async () => {
    await appStore.set(setLanguageAtom, 'en');
    appStore.set(setSessionAtom, { token: 'tok-1', user });
    const client = startRealtime(() => 'http://api.example.test');
    const socket = FakeSocket.all.at(-1) as FakeSocket;
    expect(socket.url).toBe('ws://api.example.test/v1/ws?lang=en');
    socket.open();
    expect(socket.sent.find((m) => m.type === 'login')).toMatchObject({ token: 'tok-1', lang: 'en' });
    await appStore.set(setLanguageAtom, 'ar');
    expect(socket.sent.filter((m) => m.type === 'login').map((m) => m.lang)).toEqual(['en', 'ar']);
    client.close();
  });
});
