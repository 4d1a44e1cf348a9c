// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { FEEDBACK_TYPES, paginate } from '@kouyu/core';
import type { ContactItem, StoredUser } from '@kouyu/core';
import { i18n } from '@/lib/i18n';
import { clearSession, saveAuth } from '@/lib/session';
import en from '@/locales/en/admin.json';
import common from '@/locales/en/common.json';
import { AdminPage } from './admin-page';

const DAY = 86_400_000;

const user = (over: Partial<StoredUser> = {}): StoredUser => ({
  id: 7,
  email: 'learner@kouyu.test',
  name: 'Learner',
  username: 'learner',
  is_official: false,
  is_vip: false,
  user_level: 'basic',
  point: 40,
  share_code: 'ABC123',
  invited_code: null,
  email_verified: true,
  language: 'en',
  settings: { asr_model: 'dashscope' },
  created_at: '2026-01-02T10:00:00.000Z',
  ...over,
});

const contact = (over: Partial<ContactItem> = {}): ContactItem => ({
  id: 3,
  user_id: 7,
  user_email: 'learner@kouyu.test',
  message: 'The recorder stops after ten seconds',
  feedback_type: 'bug',
  rating: null,
  status: 'new',
  admin_note: null,
  created_at: '2026-05-01T10:00:00.000Z',
  updated_at: '2026-05-01T10:00:00.000Z',
  ...over,
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}
let calls: Call[] = [];
let answer: (call: Call) => Response;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(async () => {
  calls = [];
  await i18n.changeLanguage('en');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://kouyu.test');
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const call = {
        method: init?.method ?? 'GET',
        path: url.pathname.replace('/api/v1', '') + url.search,
        body,
      };
      calls.push(call);
      return answer(call);
    }),
  );
});
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

function signIn(level: StoredUser['user_level']) {
  saveAuth({
    token: 't',
    refresh_token: 'r',
    user: user({ id: 1, email: 'me@kouyu.test', user_level: level }),
  });
}

function setup(path: string) {
  const router = createMemoryRouter([{ path: '/:lang/admin/*', element: <AdminPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('admin dashboard', () => {
  it('shows a learner the admins-only page and calls nothing', () => {
    signIn('basic');
    answer = () => json({}, 500);
    setup('/en/admin/users');
    expect(screen.getByTestId('admin-forbidden').textContent).toContain(en.forbidden.title);
    expect(calls).toEqual([]);
  });

  it('shows the admins-only page when the server no longer counts the user as an admin', async () => {
    signIn('admin');
    answer = () =>
      json({ success: false, code: 'forbidden', message: 'You do not have permission to do this' }, 403);
    setup('/en/admin/outbox');
    await screen.findByTestId('admin-forbidden');
  });

  it('shows on the overview the inviters whose invitees finished from one address', async () => {
    signIn('admin');
    answer = (call) => {
      if (call.path.startsWith('/admin/invitation-clusters'))
        return json({
          success: true,
          data: [
            {
              inviter_id: 7,
              inviter_email: 'learner@kouyu.test',
              month: '2026-12-01',
              address: '203.0.113.9',
              invitees: 4,
              updated_at: '2026-12-02T09:00:00.000Z',
            },
          ],
        });
      if (call.path.startsWith('/admin/contacts/stats'))
        return json({
          success: true,
          data: {
            total: 0,
            by_status: { new: 0, read: 0, resolved: 0 },
            by_type: Object.fromEntries(FEEDBACK_TYPES.map((t) => [t, 0])),
            rated_count: 0,
            average_rating: null,
          },
        });
      if (call.path.startsWith('/admin/users'))
        return json({
          success: true,
          data: [{ ...user(), payment_expiration: null }],
          pagination: paginate(1, 20, 1),
        });
      return json({ success: false, code: 'internal', message: 'x' }, 500);
    };
    setup('/en/admin');
    const cluster = await screen.findByTestId('invitation-cluster');
    expect(cluster.textContent).toContain('4 invitees from 203.0.113.9');
    expect(within(cluster).getByRole('link', { name: 'learner@kouyu.test' }).getAttribute('href')).toBe(
      '/en/admin/users/7',
    );
  });

  it('marks a message resolved and shows the refetched state and counts', async () => {
    signIn('admin');
    let status: ContactItem['status'] = 'new';
    answer = (call) => {
      if (call.method === 'PUT') {
        status = 'resolved';
        return json({ success: true, data: contact({ status }) });
      }
      if (call.path.startsWith('/admin/contacts/stats'))
        return json({
          success: true,
          data: {
            total: 1,
            by_status: { new: status === 'new' ? 1 : 0, read: 0, resolved: status === 'resolved' ? 1 : 0 },
            by_type: Object.fromEntries(FEEDBACK_TYPES.map((t) => [t, t === 'bug' ? 1 : 0])),
            rated_count: 0,
            average_rating: null,
          },
        });
      return json({ success: true, data: [contact({ status })], pagination: paginate(1, 20, 1) });
    };
    setup('/en/admin/contacts');
    const card = await screen.findByTestId('contact-card');
    expect(card.getAttribute('data-status')).toBe('new');
    expect(within(card).getByText('Bug report')).toBeTruthy();
    fireEvent.click(within(card).getByTestId('contact-set-resolved'));
    await waitFor(() =>
      expect(screen.getByTestId('contact-card').getAttribute('data-status')).toBe('resolved'),
    );
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/admin/contacts/3',
      body: { status: 'resolved' },
    });
    await waitFor(() => expect(screen.getByTestId('contact-stat-resolved-value').textContent).toBe('1'));
    expect(screen.getByTestId('contact-stat-new-value').textContent).toBe('0');
  });

  it('grants Plus for 30 days after a confirmation', async () => {
    signIn('admin');
    let current = { user: user(), payment_expiration: null as string | null };
    answer = (call) => {
      if (call.method === 'PUT' && call.path === '/admin/users/7/membership') {
        const { expires_at } = call.body as { expires_at: string };
        current = { user: user({ is_official: true, is_vip: true }), payment_expiration: expires_at };
        return json({ success: true, ...current });
      }
      if (call.path === '/admin/users/7') return json({ success: true, ...current });
      if (call.path.startsWith('/admin/users/7/test-results/count'))
        return json({ success: true, data: { count: 0, full_tests: 0, part_tests: 0, average_score: null } });
      if (call.path.startsWith('/admin/users/7/test-results'))
        return json({ success: true, data: [], pagination: paginate(1, 10, 0) });
      return json({}, 404);
    };
    setup('/en/admin/users/7');
    expect((await screen.findByTestId('plus-state')).textContent).toBe(en.plus.none);
    fireEvent.click(screen.getByTestId('plus-grant'));
    expect(screen.getByTestId('plus-preview').textContent).toContain('Days left: 30');
    fireEvent.click(screen.getByTestId('plus-review'));
    expect(screen.getByTestId('admin-confirm-summary').textContent).toContain(
      'learner@kouyu.test will be a Plus member',
    );
    const before = Date.now();
    fireEvent.click(screen.getByTestId('admin-confirm-button'));
    await screen.findByTestId('admin-notice');
    const put = calls.find((c) => c.method === 'PUT');
    const sent = new Date((put?.body as { expires_at: string }).expires_at).getTime();
    expect(sent - before).toBeGreaterThan(30 * DAY - 60_000);
    expect(sent - before).toBeLessThanOrEqual(30 * DAY);
    expect(screen.getByTestId('plus-state').getAttribute('data-state')).toBe('active');
    expect(screen.getByTestId('plus-state').textContent).toContain('Days left: 30');
  });

  it('explains a refused change in the admin’s language and keeps the dialog open', async () => {
    signIn('admin');
    answer = (call) => {
      if (call.method === 'POST')
        return json({ success: false, code: 'validation_failed', message: 'Some fields are not valid' }, 400);
      if (call.path === '/admin/users/7')
        return json({ success: true, user: user(), payment_expiration: null });
      if (call.path.includes('/count'))
        return json({ success: true, data: { count: 0, full_tests: 0, part_tests: 0, average_score: null } });
      return json({ success: true, data: [], pagination: paginate(1, 10, 0) });
    };
    setup('/en/admin/users/7');
    fireEvent.click(await screen.findByTestId('points-change'));
    fireEvent.click(screen.getByTestId('points-review'));
    expect(screen.getByRole('alert').textContent).toBe(en.form.amountInvalid.replace('{{max}}', '100000'));
    fireEvent.click(screen.getByTestId('points-remove'));
    fireEvent.change(screen.getByTestId('points-amount'), { target: { value: '15' } });
    fireEvent.change(screen.getByTestId('points-note'), { target: { value: '  refund  ' } });
    expect(screen.getByText('New balance: 25')).toBeTruthy();
    fireEvent.click(screen.getByTestId('points-review'));
    fireEvent.click(screen.getByTestId('admin-confirm-button'));
    const error = await screen.findByTestId('admin-action-error');
    expect(error.textContent).toBe(common.errors.validation_failed);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ delta: -15, note: 'refund' });
    expect(screen.getByTestId('points-dialog')).toBeTruthy();
  });
});
