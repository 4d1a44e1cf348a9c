// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import '@/lib/i18n';
import en from '@/locales/en/speaking.json';
import { ReviewStep } from './review-step';
import type { ReviewStepProps } from './review-step';

const said = { text: '我喜欢吃饺子。', recordingUrl: null, typed: false, audioId: null };

function show(props: Partial<ReviewStepProps>) {
  render(
    <ReviewStep
      status="completed"
      auto={false}
      partial=""
      answer={null}
      failure={null}
      notice={null}
      onType={() => undefined}
      locked={false}
      typing={false}
      {...props}
    />,
  );
}

afterEach(() => cleanup());

// Spec 001 §2, step 3: in auto mode the review shows the text heard so far and the latest recorded answer.
describe('the review step', () => {
  it('in auto mode, while recording: the accumulated text and the answer recorded last', () => {
    show({ status: 'recording', auto: true, partial: '我今天很忙，', answer: said });
    expect(screen.getByTestId('partial-text').textContent).toBe('我今天很忙，');
    expect(screen.getByTestId('latest-answer').textContent).toBe(`${en.review.latest} ${said.text}`);
    expect(screen.queryByTestId('answer-text')).toBeNull();
  });

  it('in auto mode before anything is heard, and with no earlier answer: listening, no latest line', () => {
    show({ status: 'recording', auto: true, partial: '', answer: null });
    expect(screen.getByTestId('partial-text').textContent).toBe(en.review.listening);
    expect(screen.queryByTestId('latest-answer')).toBeNull();
  });

  it('in manual mode, or once recorded: the transcript alone', () => {
    show({ status: 'recording', auto: false, partial: '我今天', answer: said });
    expect(screen.queryByTestId('partial-text')).toBeNull();
    expect(screen.getByTestId('answer-text').textContent).toBe(said.text);
    cleanup();
    show({ status: 'completed', auto: true, partial: '我今天很忙，', answer: said });
    expect(screen.queryByTestId('latest-answer')).toBeNull();
    expect(screen.getByTestId('answer-text').textContent).toBe(said.text);
  });
});
