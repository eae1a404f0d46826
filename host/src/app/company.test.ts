import { configureApi } from '@meridian/shared';
import { companyGate, cookieCompanyId, lossTarget } from './company';

const setCookie = (v: string) => {
  Object.defineProperty(document, 'cookie', { configurable: true, get: () => v });
};

function fakeFetch(body: unknown) {
  const fetchImpl = jest.fn(async () => ({ ok: true, status: 200, text: async () => JSON.stringify(body) }));
  configureApi({
    origin: () => 'http://app.test',
    getToken: () => null,
    getLanguage: () => 'en',
    onSessionExpired: () => undefined,
    fetchImpl: fetchImpl as unknown as typeof fetch,
  });
  return fetchImpl;
}

describe('start-up company check', () => {
  it('reads the company_id cookie', () => {
    expect(cookieCompanyId('a=1; company_id=42; b=2')).toBe(42);
    expect(cookieCompanyId('xcompany_id=42')).toBeNull();
    expect(cookieCompanyId('')).toBeNull();
  });

  it('only a status-0 company with a web address leaves the app', () => {
    expect(lossTarget({ status: 0, loss_url: 'https://elsewhere.example/x' })).toBe(
      'https://elsewhere.example/x',
    );
    expect(lossTarget({ status: 0, loss_url: 'http://elsewhere.example/' })).toBe(
      'http://elsewhere.example/',
    );
    expect(lossTarget({ status: 1, loss_url: 'https://elsewhere.example/' })).toBeNull();
    expect(lossTarget({ status: 0, loss_url: '' })).toBeNull();
    expect(lossTarget({ status: 0, loss_url: 'javascript:alert(1)' })).toBeNull();
    expect(lossTarget(null)).toBeNull();
  });

  it('without the cookie the app starts at once, asking nothing', async () => {
    setCookie('');
    const fetchImpl = fakeFetch({ code: 1, msg: '', data: { status: 0, loss_url: 'https://x.example' } });
    const leave = jest.fn();
    await expect(companyGate(null, leave)).resolves.toBe(true);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(leave).not.toHaveBeenCalled();
  });

  it('uses the status written into the page, and leaves before anything is shown', async () => {
    setCookie('company_id=7');
    const fetchImpl = fakeFetch({ code: 1, msg: '', data: { status: 1 } });
    const leave = jest.fn();
    const boot = { company: { id: 7, status: 0, loss_url: 'https://elsewhere.example/' } };
    await expect(companyGate(boot, leave)).resolves.toBe(false);
    expect(leave).toHaveBeenCalledWith('https://elsewhere.example/');
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('asks getCompanyStatus when the page does not say, and starts when the company is active', async () => {
    setCookie('company_id=9');
    const fetchImpl = fakeFetch({ code: 1, msg: '', data: { status: 0, loss_url: 'https://gone.example/' } });
    const leave = jest.fn();
    await expect(companyGate({ company: { id: 7, status: 1, loss_url: '' } }, leave)).resolves.toBe(false);
    expect(String((fetchImpl.mock.calls[0] as unknown[])[0])).toContain(
      '/api/company/getCompanyStatus?company_id=9',
    );
    expect(leave).toHaveBeenCalledWith('https://gone.example/');

    fakeFetch({ code: 1, msg: '', data: { status: 1, loss_url: 'https://gone.example/' } });
    await expect(companyGate(null, leave)).resolves.toBe(true);
    // A failing check never keeps the app from starting.
    fakeFetch({ code: 1007, msg: 'down', data: null });
    await expect(companyGate(null, jest.fn())).resolves.toBe(true);
  });
});
