// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '@/lib/i18n';
import en from '@/locales/en/common.json';
import { RegisterForm } from './register-form';

function setup(invite = '') {
  const router = createMemoryRouter(
    [
      { path: '/:lang/auth', element: <RegisterForm next="/en/profile" invite={invite} /> },
      { path: '/:lang/verify-email', element: <p data-testid="verify-page" /> },
    ],
    { initialEntries: ['/en/auth?mode=register'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const field = (label: string) => screen.getByLabelText(label, { exact: true });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RegisterForm', () => {
  it('shows translated rule errors tied to their fields and focuses the first invalid one', async () => {
    setup();
    fireEvent.click(screen.getByTestId('register-submit'));
    const email = field(en.auth.email);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(email);
    const describedBy = email.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(en.validation.email_required);
    expect(field(en.auth.password).getAttribute('aria-invalid')).toBe('true');
  });

  it('checks a field on blur, and the confirmation against the password', async () => {
    setup();
    fireEvent.change(field(en.auth.email), { target: { value: 'not-an-email' } });
    fireEvent.blur(field(en.auth.email));
    await screen.findByText(en.validation.email_invalid);
    // Only the blurred field speaks up.
    expect(field(en.auth.password).getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(field(en.auth.email), { target: { value: 'a@b.co' } });
    fireEvent.change(field(en.auth.password), { target: { value: 'secret-1' } });
    fireEvent.change(field(en.auth.confirmPassword), { target: { value: 'secret-2' } });
    fireEvent.click(screen.getByTestId('register-submit'));
    await screen.findByText(en.validation.passwords_mismatch);
    expect(document.activeElement).toBe(field(en.auth.confirmPassword));
  });

  it('prefills the invitation code, shows server field errors and catalogue errors', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        new Response(
          JSON.stringify({
            success: false,
            code: 'validation_failed',
            message: 'x',
            details: { fields: [{ field: 'password', code: 'password_min' }] },
          }),
          { status: 400 },
        ),
      )
      .mockResolvedValueOnce(
        new Response(
          JSON.stringify({ success: false, code: 'email_exists', message: 'Email already exists' }),
          {
            status: 409,
          },
        ),
      );
    vi.stubGlobal('fetch', fetchMock);
    setup('FRIEND42');
    expect(field(en.auth.invitationCode)).toHaveProperty('value', 'FRIEND42');
    fireEvent.change(field(en.auth.email), { target: { value: 'a@b.co' } });
    fireEvent.change(field(en.auth.password), { target: { value: 'secret-1' } });
    fireEvent.change(field(en.auth.confirmPassword), { target: { value: 'secret-1' } });
    fireEvent.click(screen.getByTestId('register-submit'));
    await screen.findByText(en.validation.password_min);
    const sent: unknown = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(sent).toEqual({ email: 'a@b.co', password: 'secret-1', invited_code: 'FRIEND42', language: 'en' });

    fireEvent.click(screen.getByTestId('register-submit'));
    expect((await screen.findByRole('alert')).textContent).toContain(en.errors.email_exists);
  });

  it('goes on to verification with the e-mail and next after the code is sent', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        new Response(JSON.stringify({ success: true, message: 'sent', email: 'a@b.co', cooldown: 60 }), {
          status: 201,
        }),
      ),
    );
    const router = setup();
    fireEvent.change(field(en.auth.email), { target: { value: 'A@B.co' } });
    fireEvent.change(field(en.auth.password), { target: { value: 'secret-1' } });
    fireEvent.change(field(en.auth.confirmPassword), { target: { value: 'secret-1' } });
    fireEvent.click(screen.getByTestId('register-submit'));
    await screen.findByTestId('verify-page');
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/en/verify-email?email=a%40b.co&next=%2Fen%2Fprofile',
    );
    expect(router.state.location.state).toEqual({ cooldown: 60 });
  });
});
