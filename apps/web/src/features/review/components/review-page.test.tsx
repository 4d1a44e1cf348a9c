// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ReviewCard, StoredUser } from '@kouyu/core';
import '@/lib/i18n';
import { clearSession, saveAuth } from '@/lib/session';
import en from '@/locales/en/common.json';
import { idiomBlank } from '../lib/idiom-blank';
import { testCard } from '../lib/test-card';
import { ReviewPage } from './review-page';

// The stroke-order quiz stands in as a button: each press finishes the character it was given.
vi.mock('@/components/hanzi/hanzi-quiz', () => ({
  HanziQuiz: ({
    char,
    onComplete,
  }: {
    char: string;
    onComplete: (r: { char: string; strokes: number; mistakes: number; mistakesPerStroke: number[] }) => void;
  }) => (
    <button
      type="button"
      data-testid="fake-quiz"
      onClick={() => onComplete({ char, strokes: 8, mistakes: char === '行' ? 1 : 0, mistakesPerStroke: [] })}
    >
      {char}
    </button>
  ),
}));

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

const card = (over: Partial<ReviewCard>): ReviewCard =>
  testCard({
    kind: 'hsk',
    source: 'hsk',
    hanzi: '银行',
    pinyin: 'yínháng',
    tone: null,
    meaning: { en: 'bank', zh: '存钱的地方', ru: 'банк' },
    context: '我去银行取钱。',
    modes: ['meaning'],
    ...over,
  });

let due: ReviewCard[] = [];
let synced: unknown[] = [];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  synced = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://kouyu.test').pathname.replace('/api/v1', '');
      if (path === '/review/due') return json({ success: true, cards: due, due_count: due.length });
      if (path === '/review/stats')
        return json({
          success: true,
          due_today: due.length,
          new: due.length,
          learning: 0,
          review: 0,
          total: due.length,
          reviewed_today: synced.length,
          answers_by_day: [],
        });
      if (path === '/review/sync') {
        const body: unknown = JSON.parse(String(init?.body));
        const answers = typeof body === 'object' && body !== null ? Reflect.get(body, 'answers') : [];
        synced.push(...(Array.isArray(answers) ? answers : []));
        const answered = due[0];
        due = due.slice(1);
        return json({
          success: true,
          cards: answered ? [{ ...answered, due: '2099-01-01T09:00:00.000Z', reps: 1 }] : [],
        });
      }
      return json({ success: false, code: 'not_found', message: 'Not found' }, 404);
    }),
  );
  saveAuth({ token: 'a.b.c', refresh_token: 'refresh-token', user });
});
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

function setup() {
  const router = createMemoryRouter([{ path: '/:lang/review', element: <ReviewPage /> }], {
    initialEntries: ['/en/review'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the review page', () => {
  it('shows a due card by its meaning, sends the learner’s rating, then says nothing is due', async () => {
    due = [card({})];
    setup();
    expect((await screen.findByTestId('review-hanzi')).textContent).toBe('银行');
    expect(screen.getByTestId('review-card').getAttribute('data-mode')).toBe('meaning');
    expect(screen.queryByTestId('review-pinyin')).toBeNull();
    fireEvent.click(screen.getByTestId('show-pinyin'));
    expect(screen.getByTestId('review-pinyin').textContent).toBe('yínháng');
    fireEvent.click(screen.getByTestId('reveal'));
    expect(screen.getByTestId('review-meaning').textContent).toBe('bank');
    fireEvent.click(screen.getByTestId('rate-3'));
    await screen.findByTestId('review-empty');
    expect(synced).toEqual([expect.objectContaining({ card_id: card({}).id, rating: 3, mode: 'meaning' })]);
    expect(screen.getByTestId('review-empty').textContent).toContain(en.review.empty.title);
    // The next due time is the one the server gave the answered card.
    await screen.findByTestId('review-next-due');
    await waitFor(() => expect(screen.getByTestId('stats-reviewed').textContent).toBe('1'));
  });

  it('rates a wrong tone Again by itself', async () => {
    due = [
      card({ kind: 'tone', source: 'voice', hanzi: '马', pinyin: 'mǎ', tone: 3, modes: ['tone', 'repeat'] }),
    ];
    setup();
    await screen.findByTestId('review-hanzi');
    // No microphone handed in: the tone question, not hear-and-repeat.
    expect(screen.getByTestId('review-card').getAttribute('data-mode')).toBe('tone');
    fireEvent.click(screen.getByRole('button', { name: en.review.tone.names['4'] }));
    expect(screen.getByTestId('review-verdict').getAttribute('data-right')).toBe('false');
    fireEvent.click(screen.getByTestId('review-next'));
    await screen.findByTestId('review-empty');
    expect(synced).toEqual([expect.objectContaining({ rating: 1, mode: 'tone' })]);
  });

  it('fills an idiom: the right character is Good', async () => {
    const idiom = card({
      id: '00000000-0000-4000-8000-000000000002',
      kind: 'idiom',
      source: 'idiom',
      hanzi: '画蛇添足',
      pinyin: 'huà shé tiān zú',
      modes: ['idiom_fill', 'meaning'],
    });
    due = [idiom];
    setup();
    await screen.findByTestId('review-idiom');
    const { answer } = idiomBlank(idiom.hanzi, `${idiom.id}:0`);
    const choice = screen.getAllByTestId('idiom-choice').find((b) => b.getAttribute('data-char') === answer);
    fireEvent.click(choice ?? document.body);
    expect(screen.getByTestId('review-verdict').getAttribute('data-right')).toBe('true');
    fireEvent.click(screen.getByTestId('review-next'));
    await screen.findByTestId('review-empty');
    expect(synced).toEqual([expect.objectContaining({ rating: 3, mode: 'idiom_fill' })]);
  });

  it('writes each character of a word by hand; a few mistakes make it Hard', async () => {
    due = [card({ kind: 'dictation', source: 'dictation', modes: ['write', 'meaning'] })];
    setup();
    expect((await screen.findByTestId('fake-quiz')).textContent).toBe('银');
    expect(screen.getByTestId('review-card').getAttribute('data-mode')).toBe('write');
    fireEvent.click(screen.getByTestId('fake-quiz'));
    await waitFor(() => expect(screen.getByTestId('fake-quiz').textContent).toBe('行'));
    fireEvent.click(screen.getByTestId('fake-quiz'));
    expect((await screen.findByTestId('review-verdict')).getAttribute('data-right')).toBe('false');
    fireEvent.click(screen.getByTestId('review-next'));
    await screen.findByTestId('review-empty');
    expect(synced).toEqual([expect.objectContaining({ rating: 2, mode: 'write' })]);
  });
});
