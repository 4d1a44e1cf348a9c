// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { ResultItemCard } from './result-card';

const answer = (n: number, over: Record<string, unknown> = {}) => ({
  question_id: 101200 + n,
  question_number: n,
  user_answers: `回答${n}`,
  orig_answers: `问题${n}`,
  score: 50 + n,
  ai_feedback_id: n,
  feedback: `plain ${n}`,
  feedback_html: `<p><strong>html ${n}</strong></p>`,
  ...over,
});

afterEach(() => cleanup());

describe('result card', () => {
  it('opens the answers in question order with their feedback HTML', async () => {
    await i18n.changeLanguage('en');
    render(
      <ResultItemCard
        item={{
          id: 9,
          test_id: 101,
          test_name: 'Basic Practice Test 1',
          level_id: 1,
          part_id: 2,
          is_full_test: false,
          score: 52,
          completed_time: 125,
          created_at: '2026-11-22T10:00:00.000Z',
          answers: [
            answer(2),
            answer(1, { feedback_html: null }),
            answer(3, { feedback: null, feedback_html: null }),
          ],
        }}
      />,
    );
    expect(screen.getByText('Basic · Part 2')).toBeTruthy();
    expect(screen.getByText('2 min 5 s')).toBeTruthy();
    expect(screen.queryAllByTestId('result-answer')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('view-result-feedback'));
    const items = screen.getAllByTestId('result-answer');
    expect(items.map((li) => li.querySelector('[data-testid=result-answer-name]')?.textContent)).toEqual([
      'Question 1',
      'Question 2',
      'Question 3',
    ]);
    // HTML is rendered only from feedback_html; plain feedback stays text.
    expect(items[1]?.querySelector('strong')?.textContent).toBe('html 2');
    expect(items[0]?.textContent).toContain('plain 1');
    expect(items[0]?.querySelector('strong')).toBeNull();
    expect(items[2]?.textContent).toContain('No feedback for this answer.');
  });
});
