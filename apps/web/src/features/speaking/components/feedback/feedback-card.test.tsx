// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { LessonReview } from '@kouyu/core';
import { i18n } from '@/lib/i18n';
import type { FeedbackItem } from '../../hooks/use-feedback-run';
import { FeedbackCard } from './feedback-card';
import { FeedbackView } from './feedback-view';

const review: LessonReview = {
  score: 22,
  band: 'low',
  verdict: 'off the topic or too little information',
  dimensions: null,
  right: { heading: 'What went well', items: [] },
  missed: { heading: 'What cost points', items: ['Say it in sentences.'] },
  alignment: null,
  improved: null,
  next: null,
  locked: true,
};

const item = (runNumber: number): FeedbackItem => ({
  runNumber,
  questionId: 102_300 + runNumber,
  part: 3,
  userAnswer: '最喜欢，面条，好吃。',
  origAnswer: '你最喜欢吃什么？',
  audioId: null,
  recordingUrl: 'blob:own',
  status: 'done',
  text: 'Score: 22/100 — off the topic or too little information.\n',
  saved: {
    id: runNumber,
    score: 22,
    feedback: 'Score: 22/100',
    feedback_html: '<p>Score: 22/100</p>',
    locked: true,
    review,
  },
  error: null,
});

function renderView(signedIn: boolean, official: boolean) {
  const router = createMemoryRouter(
    [
      {
        path: '/:lang/test',
        element: (
          <FeedbackView
            items={[item(1), item(2), item(3)]}
            running={false}
            average={22}
            saveFailed={false}
            keptState={null}
            onSendKept={() => {}}
            signedIn={signedIn}
            official={official}
            onBack={() => {}}
          />
        ),
      },
    ],
    { initialEntries: ['/en/test'] },
  );
  render(<RouterProvider router={router} />);
}

afterEach(() => cleanup());

describe('the in-test review and the Plus rule', () => {
  it('shows one Plus notice for the whole review, and no question or answer text, to a learner without Plus', async () => {
    await i18n.changeLanguage('en');
    renderView(true, false);
    const notices = screen.getAllByTestId('review-plus-notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.querySelector('a')?.getAttribute('href')).toBe('/en/plus');
    expect(screen.queryByTestId('review-content')).toBeNull();
    expect(document.body.textContent).not.toContain('你最喜欢吃什么');
    // Where the question and answer would be: their headings over a blurred place, "Plus membership required".
    const held = screen.getAllByTestId('review-held-back');
    expect(held).toHaveLength(3);
    expect(held[0]?.getAttribute('data-access')).toBe('plus_required');
    expect(held[0]?.textContent).toContain('Plus membership required');
    expect(held[0]?.textContent).toContain('Your answer');
    // The review renders from its data: band and verdict, no bracketed text.
    expect(screen.getAllByTestId('review-band')[0]?.getAttribute('data-band')).toBe('low');
    expect(screen.getAllByTestId('review-verdict')[0]?.textContent).toBe(review.verdict);
    expect(screen.getAllByTestId('answer-replay')).toHaveLength(3);
  });

  it('sends a guest to sign in, once, and shows a Plus member everything without a notice', async () => {
    await i18n.changeLanguage('en');
    renderView(false, false);
    const notice = screen.getByTestId('review-plus-notice');
    expect(notice.getAttribute('data-access')).toBe('sign_in');
    expect(notice.querySelector('a')?.getAttribute('href')).toContain('/auth?mode=login');
    expect(screen.getAllByTestId('review-held-back')[0]?.getAttribute('data-access')).toBe('sign_in');
    cleanup();
    renderView(true, true);
    expect(screen.queryByTestId('review-plus-notice')).toBeNull();
    expect(screen.getAllByTestId('review-content')).toHaveLength(3);
    expect(screen.queryByTestId('review-held-back')).toBeNull();
  });
});

// Spec 001 §8: prepare-ws refused over HTTP, or never answered, reads the same line.
describe('a feedback session that could not be prepared', () => {
  it.each([
    ['an HTTP refusal', 'forbidden' as const],
    ['a network failure', null],
  ])('shows "Failed to prepare WebSocket session" for %s', async (_name, code) => {
    await i18n.changeLanguage('en');
    const failed: FeedbackItem = {
      ...item(1),
      status: 'error',
      text: '',
      saved: null,
      error: { kind: 'prepare', code },
    };
    render(<FeedbackCard item={failed} access="full" />);
    expect(screen.getByRole('alert').textContent).toBe('Failed to prepare WebSocket session');
  });
});
