// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18n } from '@/lib/i18n';
import type { FeedbackItem } from '../../hooks/use-feedback-run';
import { FeedbackCard } from './feedback-card';

const item = (locked: boolean | undefined): FeedbackItem => ({
  runNumber: 1,
  questionId: 102_301,
  part: 3,
  userAnswer: '最喜欢，面条，好吃。',
  origAnswer: '你最喜欢吃什么？',
  audioId: null,
  status: 'done',
  text: 'Score: 22/100 — off the topic or too little information.\n',
  saved: { id: 7, score: 22, feedback: 'Score: 22/100', feedback_html: '<p>Score: 22/100</p>', locked },
  error: null,
});

function renderCard(props: { locked: boolean | undefined; signedIn: boolean; official: boolean }) {
  const router = createMemoryRouter(
    [
      {
        path: '/:lang/test',
        element: (
          <FeedbackCard item={item(props.locked)} signedIn={props.signedIn} official={props.official} />
        ),
      },
    ],
    { initialEntries: ['/en/test'] },
  );
  render(<RouterProvider router={router} />);
}

afterEach(() => cleanup());

describe('feedback card and the Plus split', () => {
  it('offers Plus when the server held part of the review back', async () => {
    await i18n.changeLanguage('en');
    renderCard({ locked: true, signedIn: true, official: false });
    const link = screen.getByTestId('feedback-locked').querySelector('a');
    expect(link?.getAttribute('href')).toBe('/en/plus');
    expect(link?.textContent).toBe('Get Plus');
  });

  it('sends a guest to sign up instead, and shows nothing for a full review', async () => {
    await i18n.changeLanguage('en');
    renderCard({ locked: true, signedIn: false, official: false });
    expect(screen.getByTestId('feedback-locked').querySelector('a')?.getAttribute('href')).toContain('/auth');
    cleanup();
    renderCard({ locked: false, signedIn: true, official: true });
    expect(screen.queryByTestId('feedback-locked')).toBeNull();
  });
});
