import { appStore } from '../state/store';
import { spinnerVisibleAtom, toastsAtom } from '../state/ui';
import { api, ApiError, configureApi, getApiConfig, holdSessionExpiry, isApiError } from './client';
import type { ApiConfig } from './client';

const ORIGIN = 'https://api.example.com';
const NOW = 1_760_000_000_000;

type Reply = { status?: number; body: unknown };

function response({ status = 200, body }: Reply): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, text: async () => text } as unknown as Response;
}

let fetchMock: jest.Mock<Promise<Response>, [string, RequestInit]>;
let toastMock: jest.Mock<void, [string]>;
let onSessionExpired: jest.Mock<void, []>;
let token: string | null;

function reply(r: Reply): void {
  fetchMock.mockResolvedValueOnce(response(r));
}

function lastCall(): { url: URL; init: RequestInit; headers: Record<string, string> } {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const [url, init] = call;
  return { url: new URL(url), init, headers: (init.headers ?? {}) as Record<string, string> };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to reject');
}

beforeEach(() => {
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
  fetchMock = jest.fn();
  toastMock = jest.fn();
  onSessionExpired = jest.fn();
  token = 'tok-123';
  const config: ApiConfig = {
    origin: () => ORIGIN,
    getToken: () => token,
    getLanguage: () => 'en',
    onSessionExpired,
    toast: toastMock,
    translate: (key, vars) => `${key}|${JSON.stringify(vars ?? {})}`,
    fetchImpl: fetchMock as unknown as typeof fetch,
  };
  configureApi(config);
});

afterEach(() => {
  // Every call must hand the spinner back, whatever happened.
  expect(appStore.get(spinnerVisibleAtom)).toBe(false);
});

describe('requests', () => {
  it('sends lang and authorization on every method', async () => {
    for (const call of [
      () => api.get('/api/user/info'),
      () => api.post('/api/user/logout', { x: 1 }),
      () => api.upload('/api/common/image_upload', new Blob(['x'])),
    ]) {
      reply({ body: { code: 1, msg: '', data: null } });
      await call();
      expect(lastCall().headers).toMatchObject({ lang: 'en', authorization: 'tok-123' });
    }
    expect(fetchMock.mock.calls.map(([, init]) => init.method)).toEqual(['GET', 'POST', 'POST']);
  });

  it('omits authorization without a token', async () => {
    token = null;
    reply({ body: { code: 1, msg: '', data: null } });
    await api.get('/api/user/info');
    expect(lastCall().headers).toEqual({ lang: 'en' });
  });

  it('does not send the token to another host', async () => {
    reply({ body: { email: 'x@y.z' } });
    await api.json('https://complaints.other.net/email.json');
    expect(lastCall().headers.authorization).toBeUndefined();
    expect(lastCall().headers.lang).toBe('en');
  });

  it('sends the token to an absolute url on the api origin', async () => {
    reply({ body: { code: 1, msg: '', data: null } });
    await api.json(`${ORIGIN}/api/user/info`);
    expect(lastCall().headers.authorization).toBe('tok-123');
  });

  it('reads token and language on each call', async () => {
    reply({ body: { code: 1, msg: '', data: null } });
    await api.get('/api/user/info');
    token = 'tok-456';
    configureApi({ ...getApiConfig(), getLanguage: () => 'fr' });
    reply({ body: { code: 1, msg: '', data: null } });
    await api.get('/api/user/info');
    expect(lastCall().headers).toMatchObject({ lang: 'fr', authorization: 'tok-456' });
  });

  it('lets per-call headers win', async () => {
    reply({ body: { code: 1, msg: '', data: null } });
    await api.get('/api/user/info', undefined, { headers: { lang: 'de', 'x-extra': '1' } });
    expect(lastCall().headers).toMatchObject({ lang: 'de', 'x-extra': '1', authorization: 'tok-123' });
  });

  it('puts params and t in the query of a GET, leaving out null and undefined', async () => {
    reply({ body: { code: 1, msg: '', data: [] } });
    await api.get('/v1/api/forex/my_deal', {
      status: 1,
      page: 2,
      searchCurrency: undefined,
      q: null,
      flag: false,
    });
    const { url, init } = lastCall();
    expect(url.origin + url.pathname).toBe(`${ORIGIN}/v1/api/forex/my_deal`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      status: '1',
      page: '2',
      flag: 'false',
      t: String(NOW),
    });
    expect(init.body).toBeUndefined();
  });

  it('keeps a query already in the url and adds t to it', async () => {
    reply({ body: { name: 'x' } });
    await api.json('/manifest.json?v=3');
    const { url } = lastCall();
    expect(url.pathname).toBe('/manifest.json');
    expect(Object.fromEntries(url.searchParams)).toEqual({ v: '3', t: String(NOW) });
  });

  it('does not add t to a POST', async () => {
    reply({ body: { code: 1, msg: '', data: null } });
    await api.post('/api/user/logout', { a: 1 });
    expect(lastCall().url.search).toBe('');
  });

  it('refuses at compile time a path the endpoint map does not have', () => {
    // @ts-expect-error: not a call of the API (typecheck fails if this compiles)
    const call = () => api.get('/api/no/such/call');
    expect(typeof call).toBe('function');
  });

  it('sends a JSON body by default', async () => {
    reply({ body: { code: 1, msg: '', data: null } });
    await api.post('/api/user_real/real_name', { name: 'Ann', card_id: 'X1', nested: { a: [1, 2] } });
    const { init, headers } = lastCall();
    expect(headers['content-type']).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ name: 'Ann', card_id: 'X1', nested: { a: [1, 2] } });
  });

  it('sends no body and no content type for a POST without a body', async () => {
    reply({ body: { code: 1, msg: '', data: null } });
    await api.post('/api/user/amend_password');
    expect(lastCall().init.body).toBeUndefined();
    expect(lastCall().headers['content-type']).toBeUndefined();
  });

  it('form-encodes the body with form: true, leaving out null and undefined', async () => {
    reply({ body: { code: 1, msg: '', data: { token: 't' } } });
    await api.post(
      '/api/user/loginForU',
      { account: 'a+b@example.com', password: 'p&w d', login_type: 1, demo_id: undefined, memo: null },
      { form: true },
    );
    const { init, headers } = lastCall();
    expect(headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(typeof init.body).toBe('string');
    const sent = new URLSearchParams(init.body as string);
    expect(Object.fromEntries(sent)).toEqual({
      account: 'a+b@example.com',
      password: 'p&w d',
      login_type: '1',
    });
  });

  it('uses absolute http(s) paths as they are', async () => {
    reply({ body: { name: 'Meridian' } });
    await api.json('https://m.example.com/manifest.json');
    const { url } = lastCall();
    expect(url.origin + url.pathname).toBe('https://m.example.com/manifest.json');
  });

  it('passes the abort signal to fetch', async () => {
    const controller = new AbortController();
    reply({ body: { code: 1, msg: '', data: null } });
    await api.get('/api/user/info', undefined, { signal: controller.signal });
    expect(lastCall().init.signal).toBe(controller.signal);
  });
});

describe('envelope', () => {
  it('resolves with data on code 1 without toasting', async () => {
    reply({ body: { code: 1, msg: 'ok', data: { balance: '10.00' } } });
    await expect(api.get('/v1/api/main/wallet/getBalance')).resolves.toEqual({ balance: '10.00' });
    expect(toastMock).not.toHaveBeenCalled();
  });

  it('rejects a refused call with a server error and toasts its msg', async () => {
    reply({ body: { code: 1200, msg: 'Market closed', data: { id: 3 } } });
    const error = await rejection(api.get('/v1/api/forex/submit'));
    expect(error).toMatchObject({
      kind: 'server',
      code: 1200,
      msg: 'Market closed',
      status: 200,
      data: { id: 3 },
    });
    expect(error.message).toBe('Market closed');
    expect(isApiError(error)).toBe(true);
    expect(toastMock).toHaveBeenCalledTimes(1);
    expect(toastMock).toHaveBeenCalledWith('Market closed');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('does not toast a refused call marked silent', async () => {
    reply({ body: { code: 1200, msg: 'Market closed', data: null } });
    const error = await rejection(api.get('/api/user/info', undefined, { silent: true }));
    expect(error.kind).toBe('server');
    expect(toastMock).not.toHaveBeenCalled();
  });

  it('ends the session on 999 and toasts', async () => {
    reply({ body: { code: 999, msg: 'Please log in', data: null } });
    const error = await rejection(api.get('/api/user/info'));
    expect(error).toMatchObject({ kind: 'server', code: 999 });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(toastMock).toHaveBeenCalledWith('Please log in');
  });

  it('keeps the session on 999 for an initial call', async () => {
    reply({ body: { code: 999, msg: 'Please log in', data: null } });
    const error = await rejection(api.get('/api/user/info', undefined, { initial: true }));
    expect(error.code).toBe(999);
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(toastMock).toHaveBeenCalledWith('Please log in');
  });

  it('a 999 answered while the start-up check runs waits for it: a stale token it drops ends quietly', async () => {
    let finishCheck!: () => void;
    holdSessionExpiry(new Promise<void>((resolve) => (finishCheck = resolve)));
    reply({ body: { code: 999, msg: 'Please log in', data: null } });
    const call = rejection(api.get('/api/favourite/list', undefined, { silent: true }));
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(onSessionExpired).not.toHaveBeenCalled();
    // The check found the token dead and ended the session.
    token = null;
    finishCheck();
    expect((await call).code).toBe(999);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('a 999 answered while the start-up check runs ends a session the check kept (it expired meanwhile)', async () => {
    let finishCheck!: () => void;
    holdSessionExpiry(new Promise<void>((resolve) => (finishCheck = resolve)));
    reply({ body: { code: 999, msg: 'Please log in', data: null } });
    const call = rejection(api.get('/api/favourite/list', undefined, { silent: true }));
    await new Promise((r) => setTimeout(r, 0));
    expect(onSessionExpired).not.toHaveBeenCalled();
    finishCheck();
    await call;
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    // Once the check is over, a 999 ends the session at once.
    reply({ body: { code: 999, msg: 'Please log in', data: null } });
    await rejection(api.get('/api/favourite/list', undefined, { silent: true }));
    expect(onSessionExpired).toHaveBeenCalledTimes(2);
  });

  it('ends the session on a silent 999 without toasting', async () => {
    reply({ body: { code: 999, msg: 'Please log in', data: null } });
    await rejection(api.get('/api/user/info', undefined, { silent: true }));
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(toastMock).not.toHaveBeenCalled();
  });

  it('raw calls skip envelope handling', async () => {
    reply({ body: { code: 5, msg: 'not an envelope', icons: [] } });
    await expect(api.json('/manifest.json')).resolves.toEqual({
      code: 5,
      msg: 'not an envelope',
      icons: [],
    });
    expect(toastMock).not.toHaveBeenCalled();
  });

  it('uses the shared error toast by default', async () => {
    const { toast: _omit, ...withoutToast } = getApiConfig();
    configureApi(withoutToast);
    reply({ body: { code: 1101, msg: 'Wrong password', data: null } });
    await rejection(api.post('/api/user/loginForU', {}, { form: true }));
    expect(appStore.get(toastsAtom).at(-1)).toMatchObject({ text: 'Wrong password', kind: 'error' });
    expect(toastMock).not.toHaveBeenCalled();
  });
});

describe('success messages', () => {
  it('getWithMessage and postWithMessage resolve with data and msg; refusals still reject and toast', async () => {
    reply({ body: { code: 1, msg: 'Position closed.', data: { Id: 7 } } });
    await expect(api.getWithMessage('/v1/api/forex/close', { id: 7 })).resolves.toEqual({
      data: { Id: 7 },
      msg: 'Position closed.',
    });
    reply({ body: { code: 1, msg: 'Code sent.', data: null } });
    await expect(
      api.postWithMessage('/api/notify/send_email', { to: 'a@b.co' }, { form: true }),
    ).resolves.toEqual({
      data: null,
      msg: 'Code sent.',
    });
    reply({ body: { code: 1206, msg: 'Order not found', data: null } });
    const error = await rejection(api.getWithMessage('/v1/api/forex/close', { id: 8 }));
    expect(error).toMatchObject({ kind: 'server', code: 1206 });
    expect(toastMock).toHaveBeenCalledWith('Order not found');
  });
});

describe('transport errors', () => {
  it('rejects a non-2xx status as transport and toasts the translated message with the status', async () => {
    reply({ status: 502, body: '<html>Bad gateway</html>' });
    const error = await rejection(api.get('/api/user/info'));
    expect(error).toMatchObject({ kind: 'transport', status: 502 });
    expect(toastMock).toHaveBeenCalledWith('common:networkError|{"status":502}');
    expect(error.msg).toBe('common:networkError|{"status":502}');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('shows the server message of a non-2xx refusal with an envelope (429, 413, 404)', async () => {
    reply({ status: 429, body: { code: 1004, msg: 'Too many attempts', data: null } });
    const error = await rejection(api.post('/api/user/logout', {}));
    expect(error).toMatchObject({ kind: 'server', code: 1004, status: 429, msg: 'Too many attempts' });
    expect(toastMock).toHaveBeenCalledWith('Too many attempts');
  });

  it('treats a non-2xx status as transport when the body is a success envelope', async () => {
    reply({ status: 503, body: { code: 1, msg: '', data: { fine: true } } });
    const error = await rejection(api.get('/api/user/info'));
    expect(error).toMatchObject({ kind: 'transport', status: 503 });
    expect(toastMock).toHaveBeenCalledWith('common:networkError|{"status":503}');
  });

  it('rejects a network failure with status 0', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await rejection(api.post('/api/user/logout', { x: 1 }));
    expect(error).toMatchObject({ kind: 'transport', status: 0 });
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(toastMock).toHaveBeenCalledWith('common:networkError|{"status":0}');
  });

  it('rejects a body that is not JSON', async () => {
    reply({ status: 200, body: 'plain text' });
    const error = await rejection(api.get('/api/user/info'));
    expect(error).toMatchObject({ kind: 'transport', status: 200 });
    expect(toastMock).toHaveBeenCalledWith('common:networkError|{"status":200}');
  });

  it('rejects JSON that is not an envelope', async () => {
    reply({ body: { hello: 'world' } });
    const error = await rejection(api.get('/api/user/info'));
    expect(error.kind).toBe('transport');
    expect(toastMock).toHaveBeenCalledTimes(1);
  });

  it('does not toast a silent call', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await rejection(api.get('/api/user/info', undefined, { silent: true }));
    expect(error.kind).toBe('transport');
    expect(toastMock).not.toHaveBeenCalled();
  });

  it('uses the key as the message without a translate function', async () => {
    const { translate: _omit, ...withoutTranslate } = getApiConfig();
    configureApi(withoutTranslate);
    reply({ status: 500, body: '' });
    const error = await rejection(api.get('/api/user/info'));
    expect(error.msg).toBe('common:networkError');
    expect(toastMock).toHaveBeenCalledWith('common:networkError');
  });
});

describe('cancellation', () => {
  it('rejects an aborted call as cancelled, silently', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('The operation was aborted.', 'AbortError')),
          );
        }),
    );
    const pending = rejection(
      api.get('/api/user/info', undefined, { signal: controller.signal, spinner: true }),
    );
    controller.abort();
    const error = await pending;
    expect(error.kind).toBe('cancelled');
    expect(toastMock).not.toHaveBeenCalled();
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('treats an AbortError without a signal as cancelled too', async () => {
    fetchMock.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
    const error = await rejection(api.get('/api/user/info'));
    expect(error.kind).toBe('cancelled');
    expect(toastMock).not.toHaveBeenCalled();
  });
});

describe('spinner', () => {
  function spinnerSeenByFetch(r: Reply | Error): jest.Mock {
    const seen = jest.fn();
    fetchMock.mockImplementationOnce(async () => {
      seen(appStore.get(spinnerVisibleAtom));
      if (r instanceof Error) throw r;
      return response(r);
    });
    return seen;
  }

  it('shows the spinner during a call that asks for it and hides it after', async () => {
    const seen = spinnerSeenByFetch({ body: { code: 1, msg: '', data: 1 } });
    await api.get('/api/user/info', undefined, { spinner: true });
    expect(seen).toHaveBeenCalledWith(true);
  });

  it('hides the spinner after a server refusal, a transport error and a cancel', async () => {
    const refused = spinnerSeenByFetch({ body: { code: 1200, msg: 'no', data: null } });
    await rejection(api.post('/api/user/logout', {}, { spinner: true }));
    expect(refused).toHaveBeenCalledWith(true);
    expect(appStore.get(spinnerVisibleAtom)).toBe(false);

    const broken = spinnerSeenByFetch(new TypeError('Failed to fetch'));
    await rejection(api.post('/api/user/logout', {}, { spinner: true }));
    expect(broken).toHaveBeenCalledWith(true);
    expect(appStore.get(spinnerVisibleAtom)).toBe(false);

    const aborted = spinnerSeenByFetch(new DOMException('aborted', 'AbortError'));
    await rejection(api.post('/api/user/logout', {}, { spinner: true }));
    expect(aborted).toHaveBeenCalledWith(true);
    expect(appStore.get(spinnerVisibleAtom)).toBe(false);
  });

  it('leaves the spinner alone by default', async () => {
    const seen = spinnerSeenByFetch({ body: { code: 1, msg: '', data: 1 } });
    await api.get('/api/user/info');
    expect(seen).toHaveBeenCalledWith(false);
  });

  it('keeps the spinner up while an overlapping call still runs', async () => {
    let release: (r: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (release = resolve)));
    const slow = api.get('/api/user/info', undefined, { spinner: true });
    reply({ body: { code: 1, msg: '', data: 1 } });
    await api.get('/api/captcha', undefined, { spinner: true });
    expect(appStore.get(spinnerVisibleAtom)).toBe(true);
    release(response({ body: { code: 1, msg: '', data: 2 } }));
    await expect(slow).resolves.toBe(2);
    expect(appStore.get(spinnerVisibleAtom)).toBe(false);
  });
});

describe('upload', () => {
  it('posts the file as multipart field `file` with the spinner', async () => {
    const seen = jest.fn();
    fetchMock.mockImplementationOnce(async () => {
      seen(appStore.get(spinnerVisibleAtom));
      return response({ body: { code: 1, msg: '', data: { url: '/uploads/a.png' } } });
    });
    const file = new File(['png-bytes'], 'front.png', { type: 'image/png' });
    await expect(api.upload('/api/common/image_upload', file)).resolves.toEqual({
      url: '/uploads/a.png',
    });
    const { url, init, headers } = lastCall();
    expect(init.method).toBe('POST');
    expect(url.search).toBe('');
    expect(init.body).toBeInstanceOf(FormData);
    const sent = (init.body as FormData).get('file');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('front.png');
    expect((sent as File).type).toBe('image/png');
    expect((sent as File).size).toBe('png-bytes'.length);
    // fetch must set the multipart boundary itself.
    expect(headers['content-type']).toBeUndefined();
    expect(seen).toHaveBeenCalledWith(true);
  });

  it('can upload without the spinner', async () => {
    const seen = jest.fn();
    fetchMock.mockImplementationOnce(async () => {
      seen(appStore.get(spinnerVisibleAtom));
      return response({ body: { code: 1, msg: '', data: null } });
    });
    await api.upload('/api/common/image_upload', new Blob(['x']), { spinner: false });
    expect(seen).toHaveBeenCalledWith(false);
  });

  it('hides the spinner when the upload is refused', async () => {
    reply({ body: { code: 1110, msg: 'Bad upload', data: null } });
    const error = await rejection(api.upload('/api/common/image_upload', new Blob(['x'])));
    expect(error.code).toBe(1110);
    expect(toastMock).toHaveBeenCalledWith('Bad upload');
  });
});
