import { fireEvent, screen } from '@testing-library/react';
import AnnouncementPage from '../../../app/pages/announcement-page';
import EmailPage from '../../../app/pages/email-page';
import { mockServer, ok, renderPage, resetApp } from '../../../testing/test-utils';

beforeEach(() => {
  resetApp();
  document.title = 'Meridian';
});

describe('/mine/announcement', () => {
  it('loading, then the announcement; no test marker on the real site', async () => {
    mockServer({ 'GET /api/content/announcement': ok({ title: 'Notice', content: 'Not offered in Cuba.' }) });
    renderPage(<AnnouncementPage />);
    expect(screen.getByTestId('announcement-loading')).toBeInTheDocument();
    expect(await screen.findByText('Notice')).toBeInTheDocument();
    expect(screen.getByText('Not offered in Cuba.')).toBeInTheDocument();
    expect(screen.queryByTestId('announcement-test-marker')).not.toBeInTheDocument();
    // Laid out by its own text, not the page's language (an English notice on an Arabic page stays left to right).
    expect(screen.getByTestId('announcement-title')).toHaveAttribute('dir', 'auto');
    expect(screen.getByTestId('announcement-content')).toHaveAttribute('dir', 'auto');
  });

  it('appends the test marker when the site title is DEMO', async () => {
    document.title = 'DEMO';
    mockServer({ 'GET /api/content/announcement': ok({ title: 'Notice', content: 'Body' }) });
    renderPage(<AnnouncementPage />);
    expect(await screen.findByTestId('announcement-test-marker')).toHaveTextContent('(test site)');
  });

  it('error with retry, and an empty state', async () => {
    let reply: unknown = { status: 500 };
    mockServer({ 'GET /api/content/announcement': () => reply as never });
    renderPage(<AnnouncementPage />);
    expect(await screen.findByTestId('load-error')).toBeInTheDocument();
    reply = ok({ title: '', content: '' });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('empty')).toHaveTextContent('No data');
  });
});

describe('/mine/email', () => {
  it('shows the complaint address as a mailto link', async () => {
    mockServer({ 'GET /api/content/complaint_email': ok({ email: 'complaints@example.com' }) });
    renderPage(<EmailPage />);
    expect(screen.getByTestId('email-loading')).toBeInTheDocument();
    const link = await screen.findByTestId('complaint-email');
    expect(link).toHaveAttribute('href', 'mailto:complaints@example.com');
  });

  it('an empty address shows the empty state; a failure a retry', async () => {
    mockServer({ 'GET /api/content/complaint_email': ok({ email: '' }) });
    const first = renderPage(<EmailPage />);
    expect(await screen.findByTestId('empty')).toBeInTheDocument();
    first.unmount();
    mockServer({ 'GET /api/content/complaint_email': { status: 500 } });
    renderPage(<EmailPage />);
    expect(await screen.findByTestId('load-error')).toBeInTheDocument();
  });
});
