import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { appStore, spinnerVisibleAtom } from '@meridian/shared';
import AuthPage from '../../../app/pages/auth-page';
import { logIn, mockServer, ok, renderPage, resetApp, toastTexts } from '../../../testing/test-utils';
import type { FakeReply } from '../../../testing/test-utils';

beforeEach(() => {
  resetApp();
  logIn();
});

const record = (over: Record<string, unknown> = {}) =>
  ok({ review_status: 0, name: '', card_id: '', front_pic: '', reverse_pic: '', reason: '', ...over });

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

async function pick(testId: string, file: File) {
  await act(async () => {
    fireEvent.change(screen.getByTestId(`${testId}-input`), { target: { files: [file] } });
  });
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('/mine/auth', () => {
  it('shows a skeleton while loading, then the form for state 0', async () => {
    mockServer({ 'GET /api/user_real/center': record() });
    renderPage(<AuthPage />);
    expect(screen.getByTestId('auth-loading')).toBeInTheDocument();
    expect(await screen.findByTestId('auth-name')).toBeEnabled();
    expect(screen.getByTestId('auth-submit')).toBeInTheDocument();
    expect(screen.queryByTestId('auth-rejected')).not.toBeInTheDocument();
  });

  it('state 1: waiting, read-only, the stored photos fetched with the token', async () => {
    const s = mockServer({
      'GET /api/user_real/center': record({
        review_status: 1,
        name: 'Chan Tai Man',
        card_id: 'A1234567',
        front_pic: '/api/common/upload/f.png',
        reverse_pic: '/api/common/upload/r.png',
      }),
      '/api/common/upload/f.png': { blob: new Blob(['f']) },
      '/api/common/upload/r.png': { blob: new Blob(['r']) },
    });
    renderPage(<AuthPage />);
    expect(await screen.findByTestId('auth-waiting')).toHaveTextContent('Waiting for review');
    expect(screen.getByTestId('auth-name-value')).toHaveTextContent('Chan Tai Man');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByTestId('auth-submit')).not.toBeInTheDocument();
    expect(await screen.findByTestId('auth-front-preview')).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    expect(s.find('/api/common/upload/f.png')[0]?.headers.authorization).toBe('tok-1');
  });

  it('state 2: approved, read-only', async () => {
    mockServer({ 'GET /api/user_real/center': record({ review_status: 2, name: 'A', card_id: 'B' }) });
    renderPage(<AuthPage />);
    expect(await screen.findByTestId('auth-approved')).toHaveTextContent('Verified');
    expect(screen.queryByTestId('auth-submit')).not.toBeInTheDocument();
  });

  it('rejected: the reason above the form again, name and ID kept', async () => {
    mockServer({
      'GET /api/user_real/center': record({ name: 'Chan', card_id: 'A1', reason: 'Photo is blurred' }),
    });
    renderPage(<AuthPage />);
    expect(await screen.findByTestId('auth-rejected')).toHaveTextContent('Reason: Photo is blurred.');
    expect(screen.getByTestId('auth-name')).toHaveValue('Chan');
    expect(screen.getByTestId('auth-card')).toHaveValue('A1');
  });

  it('name and ID number are required', async () => {
    const s = mockServer({ 'GET /api/user_real/center': record() });
    renderPage(<AuthPage />);
    fireEvent.click(await screen.findByTestId('auth-submit'));
    expect(screen.getByTestId('auth-name-error')).toHaveTextContent('Please enter your name');
    expect(screen.getByTestId('auth-card-error')).toHaveTextContent('Please enter your ID number');
    // A message goes as soon as its field is filled, before the next tap.
    type('auth-name', 'Chan');
    expect(screen.getByTestId('auth-name-error')).toHaveTextContent('');
    expect(screen.getByTestId('auth-name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByTestId('auth-card-error')).toHaveTextContent('Please enter your ID number');
    fireEvent.click(screen.getByTestId('auth-submit'));
    expect(screen.getByTestId('auth-name-error')).toHaveTextContent('');
    expect(screen.getByTestId('auth-card-error')).toHaveTextContent('Please enter your ID number');
    expect(s.find('/api/user_real/real_name')).toHaveLength(0);
  });

  it('each photo uploads at once; a failed upload clears that photo only', async () => {
    let n = 0;
    const spinnerDuringUpload: boolean[] = [];
    const s = mockServer({
      'GET /api/user_real/center': record(),
      'POST /api/common/image_upload': (): FakeReply => {
        spinnerDuringUpload.push(appStore.get(spinnerVisibleAtom));
        return ++n === 1
          ? ok({ url: '/api/common/upload/front.png' })
          : { code: 1005, msg: 'Upload failed', data: null };
      },
    });
    renderPage(<AuthPage />);
    await screen.findByTestId('auth-front-input');
    await pick('auth-front', png('front.png'));
    expect(await screen.findByTestId('auth-front-preview')).toBeInTheDocument();
    expect(s.find('/api/common/image_upload')[0]?.body).toBeInstanceOf(FormData);

    await pick('auth-back', png('back.png'));
    await waitFor(() => expect(toastTexts()).toContain('Upload failed'));
    expect(screen.queryByTestId('auth-back-preview')).not.toBeInTheDocument();
    expect(screen.getByTestId('auth-front-preview')).toBeInTheDocument();
    expect(spinnerDuringUpload).toEqual([true, true]);
    expect(appStore.get(spinnerVisibleAtom)).toBe(false);
  });

  it('a successful submit sends the uploaded URLs, toasts the server message and shows waiting', async () => {
    let n = 0;
    const s = mockServer({
      'GET /api/user_real/center': record(),
      'POST /api/common/image_upload': () => ok({ url: `/api/common/upload/${++n}.png` }),
      'POST /api/user_real/real_name': ok({ review_status: 1 }, 'Submitted for review'),
      '/api/common/upload/1.png': { blob: new Blob(['1']) },
      '/api/common/upload/2.png': { blob: new Blob(['2']) },
    });
    renderPage(<AuthPage />);
    await screen.findByTestId('auth-front-input');
    type('auth-name', ' Chan Tai Man ');
    type('auth-card', 'A1234567');
    await pick('auth-front', png('f.png'));
    await pick('auth-back', png('b.png'));
    await waitFor(() => expect(s.find('/api/common/image_upload')).toHaveLength(2));
    fireEvent.click(screen.getByTestId('auth-submit'));
    expect(await screen.findByTestId('auth-waiting')).toBeInTheDocument();
    expect(s.find('/api/user_real/real_name')[0]?.body).toEqual({
      name: 'Chan Tai Man',
      card_id: 'A1234567',
      front_pic: '/api/common/upload/1.png',
      reverse_pic: '/api/common/upload/2.png',
    });
    expect(toastTexts()).toContain('Submitted for review');
  });

  it('a record that fails to load offers a retry', async () => {
    let fail = true;
    mockServer({ 'GET /api/user_real/center': () => (fail ? { status: 502 } : record()) });
    renderPage(<AuthPage />);
    expect(await screen.findByTestId('load-error')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('auth-name')).toBeInTheDocument();
  });
});
