// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { hskAttemptBody } from '@kouyu/core';
import type { HskAttemptResult, HskSet } from '@kouyu/core';
import { i18n } from '@/lib/i18n';
import { SetRunner } from './set-runner';

const set: HskSet = {
  id: 'hsk3-listening-1',
  level: 3,
  section: 'listening',
  number: 1,
  title: 'HSK 3 Listening Practice 1',
  instructions: 'Listen.',
  time_limit: 1,
  max_score: 2,
  items: [
    {
      id: 'i1',
      type: 'statement_true_false',
      number: 1,
      group: null,
      points: 1,
      statement: '他去了。',
      script: [],
    },
    {
      id: 'i2',
      type: 'statement_true_false',
      number: 2,
      group: null,
      points: 1,
      statement: '她来了。',
      script: [],
    },
  ],
};

const scored = (answers: Record<string, unknown>): HskAttemptResult => ({
  id: null,
  set_id: set.id,
  level: 3,
  section: 'listening',
  number: 1,
  title: set.title,
  mode: 'test',
  score: answers['i1'] === false ? 1 : 0,
  max_score: 2,
  percent: answers['i1'] === false ? 50 : 0,
  passed: false,
  duration_s: 60,
  created_at: null,
  items: set.items.map((item) => ({
    id: item.id,
    type: item.type,
    number: item.number,
    correct: item.id === 'i1' && answers['i1'] === false,
    points: item.id === 'i1' && answers['i1'] === false ? 1 : 0,
    max_points: 1,
    given: typeof answers[item.id] === 'boolean' ? Boolean(answers[item.id]) : null,
    answer: false,
    explanation: `explained ${item.id}`,
  })),
});

function show(deadline: number) {
  const client = new QueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '/:lang/*',
        element: (
          <SetRunner set={set} deadline={deadline} backTo="/hsk/3/listening" onRetry={() => undefined} />
        ),
      },
    ],
    { initialEntries: ['/en/hsk/3/listening/test/1'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('timed HSK run', () => {
  const requests: unknown[] = [];
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    requests.length = 0;
    // jsdom lays nothing out, so it has no scrolling.
    Element.prototype.scrollIntoView = () => undefined;
    // The server's part: the test checks what the page sends when the clock reaches zero.
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      const body = hskAttemptBody.parse(JSON.parse(String(init.body)));
      requests.push(body);
      return new Response(JSON.stringify({ success: true, data: scored(body.answers) }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('counts down and sends the answers given when the time is up', async () => {
    show(Date.now() + 60_000);
    expect(screen.getByRole('timer').textContent).toBe('1:00');
    fireEvent.click(screen.getAllByRole('radio', { name: /False/ })[0] ?? document.body);
    await act(async () => {
      vi.advanceTimersByTime(30_000);
    });
    expect(screen.getByRole('timer').textContent).toBe('0:30');
    expect(requests).toEqual([]);
    await act(async () => {
      vi.advanceTimersByTime(30_000);
    });
    await vi.waitFor(() => expect(screen.getByTestId('hsk-result')).toBeTruthy());
    expect(requests).toEqual([{ answers: { i1: false }, language: 'en', mode: 'test', duration_s: 60 }]);
    expect(screen.getByTestId('hsk-score').textContent).toBe('1 / 2');
    expect(screen.queryByRole('timer')).toBeNull();
    // Once time is up the answers are locked.
    expect(screen.getAllByRole('radio').every((r) => r.closest('fieldset')?.disabled)).toBe(true);
  });

  it('sends nothing when the time is up without an answer', async () => {
    show(Date.now() + 1_000);
    await act(async () => {
      vi.advanceTimersByTime(2_000);
    });
    expect(screen.getByRole('alert').textContent).toContain('Time is up, and no question was answered.');
    expect(requests).toEqual([]);
  });
});
