// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { StoredUser } from '@kouyu/core';
import { i18n } from '@/lib/i18n';
import { clearSession, saveAuth } from '@/lib/session';
import { AccountMenu } from './account-menu';
import { PlusButton } from './plus-button';

const DAY = 24 * 3600 * 1000;
const b64 = (v: unknown) => btoa(JSON.stringify(v));
const token = `${b64({ alg: 'HS256' })}.${b64({ exp: Math.floor((Date.now() + DAY) / 1000) })}.sig`;

const user = (over: Partial<StoredUser> = {}): StoredUser => ({
  id: 1,
  email: 'zoe@example.com',
  name: 'Zoe Extraordinarily-Long',
  username: 'zoe',
  is_official: false,
  is_vip: false,
  user_level: 'basic',
  point: 30,
  share_code: 'ZOE123',
  invited_code: null,
  email_verified: true,
  language: 'en',
  settings: { asr_model: 'doubao' },
  ...over,
});

function show() {
  const router = createMemoryRouter(
    [
      {
        path: '/:lang',
        element: (
          <>
            <PlusButton />
            <AccountMenu />
          </>
        ),
      },
    ],
    { initialEntries: ['/en'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const openMenu = () => fireEvent.keyDown(screen.getByTestId('account-menu'), { key: 'Enter' });

afterEach(() => {
  cleanup();
  clearSession();
});

describe('AccountMenu', () => {
  it('shows the Log in button to guests, and no Plus button', () => {
    show();
    expect(screen.getByTestId('login-button').textContent).toBe(i18n.t('header.login'));
    expect(screen.queryByTestId('plus-button')).toBeNull();
  });

  it('a free user: initial, shortened name, level, points, upgrade; no badge, no admin entry', () => {
    saveAuth({ token, refresh_token: 'r', user: user(), payment_expiration: null });
    show();
    expect(screen.getByTestId('account-initial').textContent).toBe('Z');
    expect(screen.queryByTestId('plus-badge')).toBeNull();
    expect(screen.getByTestId('plus-button').textContent).toBe(i18n.t('account.upgrade'));
    openMenu();
    expect(screen.getByTestId('account-name').textContent).toBe('Zoe Extraord...');
    expect(screen.getByText('Basic')).toBeTruthy();
    expect(screen.getByTestId('account-points').textContent).toBe('30');
    expect(screen.getByTestId('account-plus').textContent).toBe(i18n.t('account.plusNone'));
    expect(screen.queryByTestId('admin-link')).toBeNull();
    expect(screen.queryByTestId('plus-warning')).toBeNull();
    expect(screen.getByTestId('sign-out').textContent).toBe(i18n.t('account.signOut'));
  });

  // Spec 000 §8: a stored expiry that is no date, or far out of range, is told, not shown as "Expired".
  it.each([
    ['next tuesday', 'errors.invalid_date'] as const,
    [new Date(Date.now() + 4000 * DAY).toISOString(), 'errors.date_out_of_range'] as const,
  ])('a member whose stored expiry is %s reads its error where the status is', (expiry, key) => {
    saveAuth({
      token,
      refresh_token: 'r',
      user: user({ is_official: true, is_vip: true }),
      payment_expiration: expiry,
    });
    show();
    openMenu();
    expect(screen.getByTestId('account-plus').textContent).toBe(i18n.t(key));
    expect(i18n.t(key)).toMatch(/^(Invalid date format|Date out of reasonable range)$/);
  });

  it('a Plus member with 3 days left: badge, warning with Renew, no upgrade button', () => {
    saveAuth({
      token,
      refresh_token: 'r',
      user: user({ is_official: true, is_vip: true }),
      payment_expiration: new Date(Date.now() + 2.5 * DAY).toISOString(),
    });
    show();
    expect(screen.getByTestId('plus-badge').textContent).toBe('+');
    expect(screen.queryByTestId('plus-button')).toBeNull();
    openMenu();
    expect(screen.getByTestId('plus-warning').textContent).toContain(
      i18n.t('account.expiresInDays', { days: 3 }),
    );
    expect(screen.getByText(i18n.t('account.renew'))).toBeTruthy();
  });

  it('urgent on the last day; the admin sees the Admin Dashboard entry', () => {
    saveAuth({
      token,
      refresh_token: 'r',
      user: user({ is_official: true, user_level: 'admin' }),
      payment_expiration: new Date(Date.now() + 3600_000).toISOString(),
    });
    show();
    openMenu();
    expect(screen.getByTestId('plus-warning').textContent).toContain(i18n.t('account.expiresTomorrow'));
    expect(screen.getByTestId('admin-link').textContent).toBe(i18n.t('account.admin'));
  });
});
