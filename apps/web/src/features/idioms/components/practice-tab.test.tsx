// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { STORAGE_KEYS } from '@kouyu/core';
import type { Idiom, StoredUser } from '@kouyu/core';
import '@/lib/i18n';
import { clearSession, saveAuth } from '@/lib/session';
import { storage } from '@/lib/storage';
import en from '@/locales/en/idioms.json';
import { PracticeTab } from './practice-tab';

const idiom: Idiom = {
  id: 5,
  chengyu: '集思广益',
  traditional: '集思廣益',
  pinyin: 'jí sī guǎng yì',
  curated: true,
  category: { id: 'wisdom', name: 'Wisdom & learning' },
  hsk_level: null,
  meaning: 'to pool ideas',
  en: 'to pool ideas',
  literal: null,
  example: null,
  origin: null,
  is_favourite: false,
};
const user: StoredUser = {
  id: 9,
  email: 'learner@example.org',
  name: '',
  username: 'learner',
  is_official: false,
  is_vip: false,
  user_level: 'basic',
  point: 0,
  share_code: 'ABCDEFGH',
  invited_code: null,
  email_verified: true,
  language: 'en',
  settings: { asr_model: 'doubao' },
};

let posts: { path: string; body: unknown }[] = [];
let questions: URL[] = [];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const tally = { attempts: 1, correct: 1, accuracy: 100 };

beforeEach(() => {
  posts = [];
  questions = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://kouyu.test');
      const path = url.pathname.replace('/api/v1', '');
      if (init?.method === 'POST') {
        posts.push({ path, body: JSON.parse(String(init.body)) });
        return json(
          {
            success: true,
            data: {
              correct: true,
              correct_choice: 2,
              answer: 'to pool ideas',
              correct_answer: 'to pool ideas',
              idiom,
              record:
                path === '/idiom-records'
                  ? {
                      id: 1,
                      idiom_id: 5,
                      mode: 'meaning',
                      correct: true,
                      answer: 'to pool ideas',
                      created_at: new Date().toISOString(),
                      chengyu: '集思广益',
                      pinyin: 'jí sī guǎng yì',
                    }
                  : null,
            },
          },
          path === '/idiom-records' ? 201 : 200,
        );
      }
      if (path === '/categories')
        return json({ success: true, data: [{ id: 'wisdom', name: 'Wisdom & learning', count: 30 }] });
      if (path === '/idioms/practice') {
        questions.push(url);
        return json({
          success: true,
          data: {
            question_token: 'token-token-token',
            mode: 'meaning',
            prompt: '集思广益',
            pinyin: 'jí sī guǎng yì',
            hint: null,
            options: ['a', 'b', 'to pool ideas', 'd'],
          },
        });
      }
      if (path === '/idiom-records/summary')
        return json({
          success: true,
          data: {
            ...tally,
            by_mode: { meaning: tally, missing_char: { attempts: 0, correct: 0, accuracy: 0 } },
            streak_days: 1,
            mastered: 0,
            idioms_practised: 1,
            last_practised_at: null,
          },
        });
      if (path === '/idiom-records')
        return json({
          success: true,
          data: [],
          pagination: {
            current_page: 1,
            per_page: 5,
            total_pages: 1,
            total_count: 0,
            has_next: false,
            has_previous: false,
          },
        });
      return json({ success: false, code: 'not_found', message: 'Not found' }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  clearSession();
  storage.remove(STORAGE_KEYS.idiomRecordTried);
  vi.unstubAllGlobals();
});

function setup(viewerId: number | null) {
  const router = createMemoryRouter(
    [{ path: '/:lang/idioms', element: <PracticeTab viewerId={viewerId} /> }],
    {
      initialEntries: ['/en/idioms?tab=practice'],
    },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('idiom practice', () => {
  it('checks a guest answer without saving it, remembers the try and invites to log in', async () => {
    setup(null);
    expect(screen.getByTestId('practice-intro')).toBeTruthy();
    const options = await screen.findAllByTestId('practice-option');
    fireEvent.click(options[2] ?? document.body);
    await screen.findByText(en.practice.right);
    expect(posts).toEqual([
      { path: '/idioms/practice/check', body: { question_token: 'token-token-token', choice: 2 } },
    ]);
    expect(storage.get(STORAGE_KEYS.idiomRecordTried)).toBe('1');
    expect(screen.queryByTestId('practice-intro')).toBeNull();
    expect(screen.getByTestId('practice-login').textContent).toContain(en.login.practice);
    expect(screen.queryByTestId('practice-summary')).toBeNull();
  });

  it('saves a signed-in answer as a record and shows the summary', async () => {
    saveAuth({ token: 'a.b.c', refresh_token: 'refresh-token', user });
    setup(user.id);
    await screen.findByTestId('practice-summary');
    const options = await screen.findAllByTestId('practice-option');
    fireEvent.click(options[2] ?? document.body);
    await screen.findByText(en.practice.right);
    expect(posts.map((p) => p.path)).toEqual(['/idiom-records']);
    await waitFor(() => expect(screen.getByTestId('summary-accuracy').textContent).toBe('100%'));
    expect(screen.queryByTestId('practice-login')).toBeNull();
    // The next question is fetched without the idiom just asked.
    fireEvent.click(screen.getByTestId('practice-next'));
    await waitFor(() => expect(screen.queryByTestId('practice-verdict')).toBeNull());
    await waitFor(() => expect(questions).toHaveLength(2));
    expect(questions[0]?.searchParams.get('exclude')).toBeNull();
    expect(questions[1]?.searchParams.get('exclude')).toBe('5');
  });
});
