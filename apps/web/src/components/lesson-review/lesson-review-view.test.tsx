// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { LessonReview } from '@kouyu/core';
import { i18n } from '@/lib/i18n';
import { LessonReviewView } from './lesson-review-view';

const review: LessonReview = {
  score: 64,
  band: 'mid',
  verdict: 'partly accurate, with gaps',
  dimensions: { heading: 'Sub-scores', items: ['Task: 64'] },
  right: { heading: 'What went well', items: ['You said 4 of 6 characters.'] },
  missed: { heading: 'What cost points', items: ['Missed: 家 (jiā)'] },
  alignment: {
    heading: 'The original',
    kind: 'reference',
    chars: [
      { char: '我', pinyin: 'wǒ', mark: 'ok' },
      { char: '家', pinyin: 'jiā', mark: 'missing' },
      { char: '有', pinyin: 'yǒu', mark: 'ok' },
      { char: '四', pinyin: 'sì', mark: 'homophone', heard: '寺' },
      { char: '个', pinyin: 'gè', mark: 'wrong', heard: '本' },
      { char: '人', pinyin: 'rén', mark: 'ok' },
      { char: '们', pinyin: 'men', mark: 'extra' },
      { char: '。', pinyin: '', mark: 'none' },
    ],
  },
  improved: null,
  next: { heading: 'Next:', text: 'Repeat 我家有 slowly.' },
  locked: false,
};

afterEach(() => cleanup());

describe('the review as designed HTML', () => {
  it('marks each character by alignment with a screen-reader cue and a legend', async () => {
    await i18n.changeLanguage('en');
    render(<LessonReviewView review={review} />);
    const sentence = screen.getByTestId('review-alignment');
    const marks = [...sentence.querySelectorAll('[data-mark]')].map((el) => el.getAttribute('data-mark'));
    expect(marks).toEqual(['ok', 'missing', 'ok', 'homophone', 'wrong', 'ok', 'extra', 'none']);
    // Not colour alone: each marked kind has its own line style and its own words for screen readers.
    const ruby = (char: string) =>
      [...sentence.querySelectorAll('ruby')].find((r) => r.textContent?.startsWith(char));
    expect(ruby('四')?.className).toContain('decoration-dotted');
    expect(ruby('个')?.className).toContain('decoration-wavy');
    expect(ruby('们')?.className).toContain('line-through');
    expect(ruby('家')?.className).toContain('outline-dashed');
    expect(sentence.textContent).toContain('(right sound, you said 寺)');
    expect(sentence.textContent).toContain('(you said 本)');
    expect(sentence.textContent).not.toContain('【');
    const legend = screen.getByTestId('review-legend');
    for (const word of ['right', 'right sound, other character', 'other sound', 'left out', 'added'])
      expect(within(legend).getByText(word)).toBeTruthy();
  });

  it('colours pinyin by tone, and shows the band with its verdict', async () => {
    await i18n.changeLanguage('en');
    render(<LessonReviewView review={review} />);
    const rt = [...screen.getByTestId('review-alignment').querySelectorAll('rt')];
    const classOf = (text: string) => rt.find((r) => r.textContent === text)?.className ?? '';
    expect(classOf('jiā')).toContain('#b91c1c');
    expect(classOf('rén')).toContain('#92400e');
    expect(classOf('wǒ')).toContain('#166534');
    expect(classOf('sì')).toContain('#1e40af');
    expect(classOf('men')).toContain('text-ink-muted');
    expect(screen.getByTestId('review-band').getAttribute('data-band')).toBe('mid');
    expect(screen.getByTestId('review-band').textContent).toContain('Middle band');
    expect(screen.getByTestId('review-verdict').textContent).toBe('partly accurate, with gaps');
  });

  it('shows a model answer with pinyin but no marks and no legend, in Chinese and Russian too', async () => {
    await i18n.changeLanguage('ru');
    const chars = review.alignment?.chars ?? [];
    render(
      <LessonReviewView review={{ ...review, alignment: { heading: 'Model', kind: 'model', chars } }} />,
    );
    expect(screen.queryByTestId('review-legend')).toBeNull();
    expect(screen.getByTestId('review-band').textContent).toContain('Средний уровень');
    cleanup();
    await i18n.changeLanguage('zh');
    render(<LessonReviewView review={review} />);
    expect(screen.getByTestId('review-legend').textContent).toContain('音对，字不同');
  });
});
