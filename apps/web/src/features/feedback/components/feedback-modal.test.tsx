// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '@/lib/i18n';
import { clearSession, saveAuth } from '@/lib/session';
import common from '@/locales/en/common.json';
import en from '@/locales/en/feedback.json';
import { resetCooldown } from '../hooks/use-cooldown';
import { FeedbackModal } from './feedback-modal';
import type { FeedbackModalProps } from './feedback-modal';

function setup(props: Partial<FeedbackModalProps> = {}) {
  const onClose = vi.fn();
  const element = (p: Partial<FeedbackModalProps>) => (
    <FeedbackModal open signedIn onClose={onClose} {...props} {...p} />
  );
  const router = createMemoryRouter([{ path: '/:lang/dictation', element: element({}) }], {
    initialEntries: ['/en/dictation'],
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { onClose, view };
}

const message = () => screen.getByLabelText(en.message.label);
const submit = () => screen.getByTestId('feedback-submit');
const type = (text: string) => fireEvent.change(message(), { target: { value: text } });
const answer = (status: number, body: unknown) =>
  vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status }));
const sentBody = (fetchMock: ReturnType<typeof vi.fn>): unknown =>
  JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
/** Lets the mocked request settle and React render, under fake timers. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(10));
/** Lets whole seconds pass, one at a time, so each tick of the countdown renders. */
async function seconds(n: number) {
  for (let i = 0; i < n; i++) await act(() => vi.advanceTimersByTimeAsync(1000));
}

beforeEach(() => {
  saveAuth({ token: 'header.e30.sig', refresh_token: 'refresh' });
  resetCooldown();
});
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('feedback modal', () => {
  it('asks a guest to log in instead of showing the form', () => {
    setup({ signedIn: false });
    expect(screen.queryByTestId('feedback-form')).toBeNull();
    const login = screen.getByRole('link', { name: en.login.button });
    expect(login.getAttribute('href')).toBe('/en/auth?mode=login&next=%2Fen%2Fdictation');
    expect(screen.getByTestId('feedback-login-prompt').textContent).toContain(en.login.text);
  });

  it('prefills the message, counts characters and blocks sending outside 5-1024', () => {
    setup({ message: 'Hello' });
    expect(message()).toHaveProperty('value', 'Hello');
    expect(screen.getByTestId('feedback-counter').textContent).toBe('5 / 1024 characters');
    expect(submit()).toHaveProperty('disabled', false);
    type('  abcd  ');
    expect(submit()).toHaveProperty('disabled', true);
    expect(screen.getByTestId('feedback-message-error').textContent).toBe(
      common.validation.message_too_short,
    );
    type('   ');
    expect(screen.getByTestId('feedback-message-error').textContent).toBe(common.validation.message_required);
    expect(message().getAttribute('maxlength')).toBe('1024');
  });

  it('shows the over-long hint for a longer prefilled message', () => {
    setup({ message: 'x'.repeat(1100) });
    expect(screen.getByTestId('feedback-message-error').textContent).toBe(common.validation.message_too_long);
    expect(submit()).toHaveProperty('disabled', true);
  });

  it('treats the placeholder text as an empty message', () => {
    setup({ message: 'Tell us anything', placeholder: 'Tell us anything' });
    expect(message().getAttribute('placeholder')).toBe('Tell us anything');
    expect(submit()).toHaveProperty('disabled', true);
    expect(screen.getByTestId('feedback-message-error').textContent).toBe(common.validation.message_required);
  });

  it('offers stars only for the rated types and sends null for the others', async () => {
    const fetchMock = answer(201, { success: true, data: { id: 1, created_at: 'now', cooldown: 20 } });
    vi.stubGlobal('fetch', fetchMock);
    setup({ type: 'bug' });
    expect(screen.getByTestId('feedback-type')).toHaveProperty('value', 'bug');
    expect(screen.queryByTestId('feedback-rating')).toBeNull();
    fireEvent.change(screen.getByTestId('feedback-type'), { target: { value: 'praise' } });
    fireEvent.click(screen.getByLabelText('4 of 5'));
    expect(screen.getByLabelText('4 of 5')).toHaveProperty('checked', true);
    fireEvent.change(screen.getByTestId('feedback-type'), { target: { value: 'payment' } });
    expect(screen.queryByTestId('feedback-rating')).toBeNull();
    fireEvent.change(screen.getByTestId('feedback-type'), { target: { value: 'ai_feedback' } });
    type('  Very helpful examiner  ');
    fireEvent.click(submit());
    await screen.findByTestId('feedback-success');
    expect(sentBody(fetchMock)).toEqual({
      message: 'Very helpful examiner',
      feedback_type: 'ai_feedback',
      rating: 4,
    });
  });

  it('shows success, closes after 2 seconds and then counts the wait down on the button', async () => {
    vi.useFakeTimers();
    let respond: (r: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn().mockReturnValue(new Promise<Response>((resolve) => (respond = resolve))));
    const { onClose, view } = setup({ type: 'bug', message: 'The audio stops' });
    fireEvent.click(submit());
    await settle();
    expect(screen.getByTestId('feedback-form').getAttribute('data-state')).toBe('submitting');
    expect(submit().textContent).toBe(en.sending);
    expect(submit()).toHaveProperty('disabled', true);
    respond(
      new Response(JSON.stringify({ success: true, data: { id: 1, created_at: 'now', cooldown: 20 } }), {
        status: 201,
      }),
    );
    await settle();
    expect(screen.getByTestId('feedback-success').textContent).toBe(en.success);
    await act(() => vi.advanceTimersByTimeAsync(1980));
    expect(onClose).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(onClose).toHaveBeenCalledTimes(1);

    // Reopened: the wait that began with the send goes on.
    view.unmount();
    setup({ message: 'Another message' });
    expect(screen.getByTestId('feedback-form').getAttribute('data-state')).toBe('cooldown');
    expect(submit().textContent).toBe('Wait 18s');
    expect(submit()).toHaveProperty('disabled', true);
    await seconds(1);
    expect(submit().textContent).toBe('Wait 17s');
    await seconds(17);
    expect(submit().textContent).toBe(en.submit);
    expect(submit()).toHaveProperty('disabled', false);
  });

  it('starts the cooldown a 429 names and shows its message', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      answer(429, {
        success: false,
        code: 'feedback_cooldown',
        message: 'Please wait 17 seconds before sending another message.',
        cooldown: 17,
      }),
    );
    setup({ message: 'Second message' });
    fireEvent.click(submit());
    await settle();
    expect(submit().textContent).toBe('Wait 17s');
    expect(screen.getByTestId('feedback-cooldown').textContent).toBe(
      'Please wait 17 seconds before sending another message.',
    );
    await seconds(16);
    expect(submit().textContent).toBe('Wait 1s');
    await seconds(1);
    expect(screen.queryByTestId('feedback-cooldown')).toBeNull();
    expect(submit()).toHaveProperty('disabled', false);
  });

  it('shows the message of a site-wide 429, which names no seconds, and waits the default 20 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      answer(429, {
        success: false,
        code: 'rate_limited',
        message: 'Rate limit exceeded. Please wait before trying again.',
      }),
    );
    setup({ message: 'One message too many' });
    fireEvent.click(submit());
    await settle();
    expect(screen.getByTestId('feedback-cooldown').textContent).toBe(common.errors.rate_limited);
    expect(screen.getByTestId('feedback-cooldown').textContent).not.toContain('seconds');
    expect(submit().textContent).toBe('Wait 20s');
    await seconds(20);
    expect(screen.queryByTestId('feedback-cooldown')).toBeNull();
    expect(submit()).toHaveProperty('disabled', false);
  });

  it('shows the catalogue error, or a general text when the answer says nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }))
        .mockResolvedValueOnce(
          new Response(JSON.stringify({ success: false, code: 'service_unavailable', message: 'x' }), {
            status: 503,
          }),
        ),
    );
    setup({ message: 'A message that fails' });
    fireEvent.click(submit());
    expect((await screen.findByTestId('feedback-error')).textContent).toBe(en.failed);
    expect(screen.getByTestId('feedback-form').getAttribute('data-state')).toBe('error');
    fireEvent.click(submit());
    await vi.waitFor(() =>
      expect(screen.getByTestId('feedback-error').textContent).toBe(common.errors.service_unavailable),
    );
  });
});
