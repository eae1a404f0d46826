import { fireEvent, screen, within } from '@testing-library/react';
import RankPage from '../../../app/pages/rank-page';
import { mockServer, ok, renderPage, resetApp } from '../../../testing/test-utils';

beforeEach(resetApp);

const trader = {
  id: 2,
  user: 'Northwind Trend',
  multiple: 50,
  code: 'XAU/USD',
  three_week_rate: '1.12',
  three_week_win: '66.67',
  three_week_profit: '1119.50',
  total_rate: '-0.25',
  total_trade_num: 35,
};

describe('/rank', () => {
  it("shows each trader with the spec's labels, and a sheet with their figures on tap", async () => {
    mockServer({ '/api/follow/list': ok({ data: [trader], total: 1 }) });
    renderPage(<RankPage />, { path: '/rank' });
    const card = await screen.findByTestId('trader-card');
    expect(card).toHaveTextContent('Northwind Trend');
    expect(card).toHaveTextContent('Variety: XAU/USD');
    expect(card).toHaveTextContent('Multiple: ×50');
    expect(card).toHaveTextContent('Recent three-week income+1,119.50');
    expect(card).toHaveTextContent('Profit rate+1.12%');
    expect(card).toHaveTextContent('Win rate66.67%');
    fireEvent.click(card);
    const sheet = await screen.findByTestId('trader-sheet');
    expect(sheet).toHaveTextContent('Total orders35');
    expect(sheet).toHaveTextContent('Total profit rate-0.25%');
    expect(within(sheet).getByTestId('copy-soon')).toHaveTextContent('Coming soon');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('trader-sheet')).toBeNull();
  });

  it("shows 'no data' for an empty ranking", async () => {
    mockServer({ '/api/follow/list': ok({ data: [], total: 0 }) });
    renderPage(<RankPage />, { path: '/rank' });
    expect(await screen.findByText('No data')).toBeInTheDocument();
  });
});
