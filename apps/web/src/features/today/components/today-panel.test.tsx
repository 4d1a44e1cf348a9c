// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TodayResponse } from '@kouyu/core';
import { i18n } from '@/lib/i18n';
import { todayQuery } from '../api/get-today';
import { TodayPanel } from './today-panel';

const plan = (over: Partial<TodayResponse> = {}): TodayResponse => ({
  success: true,
  date: '2026-11-26',
  goal: { kind: 'items', target: 4, done: 1 },
  streak: { days: 5, freeze_available: false, frozen_days: ['2026-11-25'] },
  exam: { date: '2026-12-21', days_left: 25, syllabus: 'hsk3', level: '4' },
  reviews_due: 3,
  tasks: [
    { kind: 'review', title_key: 'today.tasks.review', href: '/review', done: false },
    { kind: 'speaking', title_key: 'today.tasks.speaking', href: '/test/basic/1/part-2', done: true },
    { kind: 'hsk', title_key: 'today.tasks.hsk', href: '/hsk/1/reading/question/1', done: false },
  ],
  level: { hskk: 'basic', hsk: 1 },
  settings: {
    goal_kind: 'items',
    goal_target: 4,
    exam_date: '2026-12-21',
    timezone: 'Europe/Moscow',
    reminder: 'off',
    reminder_hour: 19,
    hskk_level: 'basic',
    hsk_level: 1,
    syllabus: 'hsk2',
    saved: true,
  },
  ...over,
});

async function show(lang: 'en' | 'ru' | 'zh', data: TodayResponse) {
  await i18n.changeLanguage(lang);
  await i18n.loadNamespaces('today');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(todayQuery().queryKey, data);
  const router = createMemoryRouter([{ path: '/:lang', element: <TodayPanel /> }], {
    initialEntries: [`/${lang}`],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByTestId('today-panel');
}

afterEach(() => cleanup());

describe('today panel', () => {
  it('shows goal, streak with its freeze, countdown, due reviews and tasks with their links', async () => {
    await show('en', plan());
    expect(screen.getByTestId('today-goal').textContent).toContain('1 of 4 items');
    expect(screen.getByTestId('today-goal-ring').getAttribute('data-percent')).toBe('25');
    expect(screen.getByTestId('today-streak').textContent).toContain('5-day streak');
    expect(screen.getByTestId('today-freeze').textContent).toContain("This week's freeze is used");
    expect(screen.getByTestId('today-streak').textContent).toContain('Covered by a freeze');
    expect(screen.getByTestId('today-exam').textContent).toContain('25 days to your exam');
    expect(screen.getByTestId('today-reviews-due').textContent).toBe('3 cards to review');
    expect(screen.getByTestId('today-review-link').getAttribute('href')).toBe('/en/review');
    expect(screen.getByTestId('today-task-speaking').getAttribute('data-done')).toBe('true');
    expect(screen.getByTestId('today-task-hsk').getAttribute('href')).toBe('/en/hsk/1/reading/question/1');
  });

  it('speaks Russian plurals and Chinese', async () => {
    await show('ru', plan());
    expect(screen.getByTestId('today-streak').textContent).toContain('5 дней подряд');
    expect(screen.getByTestId('today-reviews-due').textContent).toBe('3 карточки к повторению');
    cleanup();
    await show(
      'zh',
      plan({ exam: null, reviews_due: 0, streak: { days: 0, freeze_available: true, frozen_days: [] } }),
    );
    expect(screen.getByTestId('today-exam').textContent).toContain('添加考试日期');
    expect(screen.getByTestId('today-reviews-due').textContent).toBe('暂无待复习卡片');
    expect(screen.queryByTestId('today-review-link')).toBeNull();
  });

  it('opens the settings and will not save a goal of zero', async () => {
    await show('en', plan());
    fireEvent.click(screen.getByTestId('today-settings-open'));
    const target = await screen.findByTestId('today-goal-target');
    fireEvent.change(target, { target: { value: '0' } });
    expect(screen.getByTestId('today-settings-save').hasAttribute('disabled')).toBe(true);
    fireEvent.change(target, { target: { value: '6' } });
    expect(screen.getByTestId('today-settings-save').hasAttribute('disabled')).toBe(false);
  });
});
