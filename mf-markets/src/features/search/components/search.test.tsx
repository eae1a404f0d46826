import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { appStore, currentInstrumentAtom } from '@meridian/shared';
import ProductPage from '../../../app/pages/product-page';
import { CompanySearch } from './company-search';
import { instrument, mockServer, ok, renderPage, resetApp } from '../../../testing/test-utils';

beforeEach(resetApp);

describe('/product', () => {
  it('searches instruments on the server and opens /trade with the result', async () => {
    const server = mockServer({
      '/v1/api/forex/trade_list': (req) =>
        ok(
          req.query.get('searchCurrency') === 'btc'
            ? [instrument({ Id: 40, Code: 'BTCUSD', ShowCode: 'BTC/USD' })]
            : [],
        ),
    });
    const { nav } = renderPage(<ProductPage />, { path: '/product' });
    expect(await screen.findByText('No data')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('search-input'), { target: { value: 'btc' } });
    fireEvent.click(await screen.findByTestId('result-BTCUSD', {}, { timeout: 2000 }));
    expect(appStore.get(currentInstrumentAtom)).toEqual({ id: 40, code: 'BTCUSD' });
    expect(nav.navigate).toHaveBeenCalledWith('/trade');
    expect(server.find('/v1/api/forex/trade_list').map((c) => c.query.get('searchCurrency'))).toContain(
      'btc',
    );
  });

  it('main mode: company search, popup, cookie for 3 years, redirect to loss_url when status is 0', async () => {
    const company = {
      id: 3,
      name: 'Acme Brokers',
      logo: '',
      url: 'https://acme.example',
      subject: 'Acme Ltd',
      registered_address: '1 Main St',
      location: 'Cyprus',
      email: 'desk@acme.example',
    };
    mockServer({
      '/api/company/search': ok({ data: [company], total: 1 }),
      '/api/company/getCompanyStatus': ok({ status: 0, type: 1, loss_url: 'https://elsewhere.example' }),
    });
    const cookie = jest.spyOn(document, 'cookie', 'set');
    const assign = jest.fn();
    const { unmount } = renderPage(<ProductPage />, { path: '/product', query: 'mode=main' });
    expect(await screen.findByText('Type a company name to search')).toBeInTheDocument();
    unmount();
    renderPage(<CompanySearch redirect={assign} />, { path: '/product', query: 'mode=main' });
    fireEvent.change(screen.getByTestId('search-input'), { target: { value: 'acme' } });
    fireEvent.click(await screen.findByText('Acme Brokers', {}, { timeout: 2000 }));
    const popup = await screen.findByTestId('company-popup');
    expect(popup).toHaveTextContent('1 Main St');
    expect(popup).toHaveTextContent('desk@acme.example');
    await act(async () => {
      fireEvent.click(screen.getByTestId('choose-company'));
    });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://elsewhere.example'));
    expect(cookie).toHaveBeenCalledWith(expect.stringMatching(/^company_id=3; max-age=94608000;/));
  });

  it('draws a company without a logo, or whose logo does not load, by its initials', async () => {
    const base = { url: '', subject: '', registered_address: '', location: '', email: '' };
    mockServer({
      '/api/company/search': ok({
        data: [
          { ...base, id: 1, name: 'Meridian Markets Ltd', logo: '/icons/company-meridian.png' },
          { ...base, id: 2, name: 'northgate capital', logo: '' },
        ],
        total: 2,
      }),
    });
    renderPage(<CompanySearch redirect={jest.fn()} />, { path: '/product', query: 'mode=main' });
    fireEvent.change(screen.getByTestId('search-input'), { target: { value: 'm' } });
    const list = await screen.findByTestId('company-results', {}, { timeout: 2000 });
    expect(
      within(list)
        .getAllByTestId('company-initials')
        .map((e) => e.textContent),
    ).toEqual(['NC']);
    const img = list.querySelector('img') as HTMLImageElement;
    expect(img).toHaveAttribute('src', '/icons/company-meridian.png');
    fireEvent.error(img);
    expect(
      within(list)
        .getAllByTestId('company-initials')
        .map((e) => e.textContent),
    ).toEqual(['MM', 'NC']);
    expect(list.querySelector('img')).toBeNull();
  });
});
