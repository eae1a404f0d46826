import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { demoUser, logIn, refuse, toastTexts } from '@meridian/shared/testing';
import { FeedbackForm } from './feedback-form';
import { mockServer, ok, renderPage, resetApp } from '../../../testing/test-utils';

beforeEach(() => resetApp());

const VISITOR_KEY = 'meridian.chat.visitor';
const VISITOR = 'v_abcdefghijklmnopqrstuvwxyz';

describe('/feedback', () => {
  it('starts on "Idea"; a tap on another topic selects it alone', () => {
    mockServer({});
    renderPage(<FeedbackForm />);
    expect(screen.getByRole('radio', { name: 'Idea' })).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(screen.getByRole('radio', { name: 'Something is broken' }));
    expect(screen.getByRole('radio', { name: 'Something is broken' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByRole('radio', { name: 'Idea' })).toHaveAttribute('aria-checked', 'false');
  });

  it('each topic is named by its own label, and a tap on the "Topic" caption picks none', () => {
    mockServer({});
    renderPage(<FeedbackForm />);
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('aria-checked'))).toEqual([
      'false',
      'true',
      'false',
      'false',
    ]);
    expect(screen.getByRole('radiogroup', { name: 'Topic' })).toBeInTheDocument();
    fireEvent.click(screen.getByText('Topic', { selector: 'span' }));
    expect(screen.getByRole('radio', { name: 'Idea' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: 'Something is broken' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  });

  it('an empty or blank message asks for a few words and sends nothing', async () => {
    const s = mockServer({ 'POST /api/support/feedback': ok({ id: 1 }, 'Thanks') });
    renderPage(<FeedbackForm />);
    fireEvent.click(screen.getByTestId('feedback-submit'));
    expect(screen.getByRole('alert')).toHaveTextContent('Write a few words first.');
    expect(screen.getByTestId('feedback-text')).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(screen.getByTestId('feedback-text'), { target: { value: '   \n ' } });
    fireEvent.click(screen.getByTestId('feedback-submit'));
    expect(screen.getByRole('alert')).toHaveTextContent('Write a few words first.');
    await act(async () => {});
    expect(s.find('/api/support/feedback')).toHaveLength(0);
  });

  it('counts the characters against the limit', () => {
    mockServer({});
    renderPage(<FeedbackForm />);
    expect(screen.getByText('0 / 2000')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('feedback-text'), { target: { value: 'Charts lag' } });
    expect(screen.getByText('10 / 2000')).toBeInTheDocument();
    expect(screen.getByTestId('feedback-text')).toHaveAttribute('maxLength', '2000');
  });

  it('a guest sends topic, trimmed text and the device visitor id; then thanks and can send another', async () => {
    localStorage.setItem(VISITOR_KEY, VISITOR);
    const s = mockServer({ 'POST /api/support/feedback': ok({ id: 5 }, 'Feedback received') });
    renderPage(<FeedbackForm />);
    expect(screen.queryByTestId('feedback-attach')).toBeNull();
    fireEvent.click(screen.getByTestId('feedback-topic-bug'));
    fireEvent.change(screen.getByTestId('feedback-text'), { target: { value: '  The chart is blank  ' } });
    fireEvent.click(screen.getByTestId('feedback-submit'));
    expect(await screen.findByTestId('feedback-sent')).toHaveTextContent(
      'Thank you! Your feedback reached our team.',
    );
    const sent = s.find('/api/support/feedback');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ topic: 'bug', text: 'The chart is blank', visitor: VISITOR });
    expect(toastTexts()).toContain('Feedback received');
    fireEvent.click(screen.getByRole('button', { name: 'Send another' }));
    expect(screen.getByTestId('feedback-text')).toHaveValue('');
  });

  it('a logged-in trader sends no visitor id and may attach a screenshot, sent as its uploaded url', async () => {
    logIn();
    const s = mockServer({
      'POST /api/common/image_upload': ok({ url: '/uploads/shot.png' }),
      'POST /api/support/feedback': ok({ id: 6 }, 'Feedback received'),
    });
    const { container } = renderPage(<FeedbackForm />);
    expect(screen.getByTestId('feedback-attach')).toHaveTextContent('Add a screenshot');
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['x'], 'shot.png', { type: 'image/png' })] } });
    });
    expect(await screen.findByRole('img', { name: 'Screenshot (optional)' })).toHaveAttribute(
      'src',
      'blob:test/1',
    );
    fireEvent.change(screen.getByTestId('feedback-text'), { target: { value: 'See picture' } });
    fireEvent.click(screen.getByTestId('feedback-submit'));
    await screen.findByTestId('feedback-sent');
    expect(s.find('/api/support/feedback')[0]!.body).toEqual({
      topic: 'idea',
      text: 'See picture',
      image: '/uploads/shot.png',
    });
  });

  it('a removed screenshot is not sent', async () => {
    logIn();
    const s = mockServer({
      'POST /api/common/image_upload': ok({ url: '/uploads/shot.png' }),
      'POST /api/support/feedback': ok({ id: 6 }, 'Feedback received'),
    });
    const { container } = renderPage(<FeedbackForm />);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['x'], 'shot.png', { type: 'image/png' })] } });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(screen.getByTestId('feedback-attach')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('feedback-text'), { target: { value: 'No picture' } });
    fireEvent.click(screen.getByTestId('feedback-submit'));
    await screen.findByTestId('feedback-sent');
    expect(s.find('/api/support/feedback')[0]!.body).toEqual({ topic: 'idea', text: 'No picture' });
  });

  it('a demo account cannot attach a screenshot', () => {
    logIn(demoUser);
    mockServer({});
    renderPage(<FeedbackForm />);
    expect(screen.queryByTestId('feedback-attach')).toBeNull();
  });

  it('a refusal stays on the form with the server message and what was written', async () => {
    mockServer({ 'POST /api/support/feedback': refuse('Too many messages, try later', 1429) });
    renderPage(<FeedbackForm />);
    fireEvent.change(screen.getByTestId('feedback-text'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByTestId('feedback-submit'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many messages, try later'));
    expect(screen.queryByTestId('feedback-sent')).toBeNull();
    expect(screen.getByTestId('feedback-text')).toHaveValue('Hello');
    expect(screen.getByTestId('feedback-submit')).toBeEnabled();
  });
});
