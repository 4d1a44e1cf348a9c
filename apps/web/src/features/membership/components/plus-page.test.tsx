// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { MembershipInfo, StoredUser } from '@kouyu/core';
import { i18n } from '@/lib/i18n';
import { clearSession, getSession, saveAuth } from '@/lib/session';
import { announcePaymentCompleted, usePaymentCompletedRefresh } from '../hooks/payment-completed';
import { PlusPage } from './plus-page';

const DAY = 24 * 3600 * 1000;
const b64 = (v: unknown) => btoa(JSON.stringify(v));
const token = `${b64({ alg: 'HS256' })}.${b64({ exp: Math.floor((Date.now() + DAY) / 1000) })}.sig`;
const user: StoredUser = {
  id: 1,
  email: 'zoe@example.com',
  name: 'Zoe',
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
};

const info = (over: Partial<MembershipInfo> = {}): MembershipInfo => ({
  status: {
    state: 'not_official',
    is_official: false,
    has_active_vip: false,
    days_until_expiration: 0,
    expires_at: null,
    warning: null,
  },
  plans: [
    { id: 'week', days: 7, price: 2.99, currency: 'USD', points: 100 },
    { id: 'month', days: 30, price: 9.99, currency: 'EUR', points: 429 },
  ],
  ways: { pay: false, code: true, points: true },
  pay_unavailable: 'payments_unavailable',
  payment_methods: [],
  points_balance: 120,
  points_per_week: 100,
  ...over,
});

let answer: MembershipInfo = info();
function App() {
  usePaymentCompletedRefresh();
  return <PlusPage />;
}
function show(lang = 'en') {
  const router = createMemoryRouter([{ path: '/:lang/plus', element: <App /> }], {
    initialEntries: [`/${lang}/plus`],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the /plus page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    saveAuth({ token, refresh_token: 'r', user, payment_expiration: null });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: true, data: answer }), { status: 200 })),
    );
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });

  it('offers only the ways the server has, and says why paying is off', async () => {
    answer = info();
    show();
    await screen.findByTestId('plus-status');
    expect(screen.queryByTestId('pay-week')).toBeNull();
    expect(screen.getByTestId('pay-unavailable').textContent).toContain('not available yet');
    expect(screen.getByTestId('points-week').hasAttribute('disabled')).toBe(false);
    expect(screen.getByTestId('points-month').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('redeem-code')).toBeTruthy();
  });

  it('shows prices in the locale format and the urgent warning at one day', async () => {
    const expires = new Date(Date.now() + DAY - 60_000).toISOString();
    answer = info({
      ways: { pay: true, code: true, points: false },
      pay_unavailable: null,
      status: {
        state: 'active',
        is_official: true,
        has_active_vip: true,
        days_until_expiration: 1,
        expires_at: expires,
        warning: { level: 'urgent', days: 1 },
      },
    });
    await i18n.changeLanguage('ru');
    show('ru');
    const warning = await screen.findByTestId('plus-warning');
    expect(warning.getAttribute('data-level')).toBe('urgent');
    expect(warning.getAttribute('role')).toBe('alert');
    expect(screen.getByTestId('plan-month').textContent).toMatch(/9,99\s€/);
    expect(screen.queryByTestId('points-week')).toBeNull();
  });

  it('the payment-completed event stores the new status for the whole app', async () => {
    answer = info();
    show();
    await screen.findByTestId('plus-status');
    answer = info({
      status: {
        state: 'active',
        is_official: true,
        has_active_vip: true,
        days_until_expiration: 7,
        expires_at: new Date(Date.now() + 7 * DAY).toISOString(),
        warning: { level: 'warning', days: 7 },
      },
      points_balance: 20,
    });
    announcePaymentCompleted();
    await waitFor(() => expect(getSession().user?.is_vip).toBe(true));
    expect(getSession().user?.point).toBe(20);
    expect(getSession().paymentExpiration).toBe(answer.status.expires_at);
    await waitFor(() => expect(screen.getByTestId('plus-status').getAttribute('data-state')).toBe('active'));
  });
});
