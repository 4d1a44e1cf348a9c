// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import '@/lib/i18n';
import { HanziQuiz, HanziWatch, WriteLink } from './index';
import type { HanziQuizResult } from './index';

interface FakeQuizOptions {
  onMistake?: (s: { strokeNum: number; mistakesOnStroke: number }) => void;
  onCorrectStroke?: (s: { strokeNum: number; mistakesOnStroke: number }) => void;
  onComplete?: (s: { character: string; totalMistakes: number }) => void;
  showHintAfterMisses?: number | false;
}

// The library stands in: the tests drive its quiz callbacks as a learner's strokes would.
const quizzes: FakeQuizOptions[] = [];
const created: { char: string; loader: unknown }[] = [];
vi.mock('hanzi-writer', () => {
  const writer = {
    quiz: (o: FakeQuizOptions) => {
      quizzes.push(o);
      return Promise.resolve();
    },
    cancelQuiz: () => undefined,
    pauseAnimation: () => Promise.resolve(),
    animateCharacter: (o?: { onComplete?: (r: { canceled: boolean }) => void }) => {
      o?.onComplete?.({ canceled: false });
      return Promise.resolve();
    },
    animateStroke: () => Promise.resolve(),
    hideCharacter: () => Promise.resolve(),
    showOutline: () => Promise.resolve(),
    hideOutline: () => Promise.resolve(),
    updateDimensions: () => undefined,
  };
  return {
    default: {
      create: (_el: HTMLElement, char: string, opts: { charDataLoader?: unknown }) => {
        created.push({ char, loader: opts.charDataLoader });
        return writer;
      },
    },
  };
});

const data = (strokes: number) => ({
  strokes: Array.from({ length: strokes }, () => 'M 0 0 Z'),
  medians: Array.from({ length: strokes }, () => [
    [0, 0],
    [10, 10],
  ]),
});

let requests: string[] = [];
beforeEach(() => {
  quizzes.length = 0;
  created.length = 0;
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = decodeURIComponent(new URL(input, 'http://kouyu.test').pathname);
      requests.push(path);
      if (path === '/api/v1/hanzi/你') return Response.json(data(7));
      if (path === '/api/v1/hanzi/人') return Response.json(data(2));
      return Response.json({ success: false, code: 'hanzi_not_found', message: 'x' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('hanzi components', () => {
  it('watch: loads the strokes from our own route and describes the character for screen readers', async () => {
    render(<HanziWatch char="你" />);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Stroke order of 你: 7 strokes' })).toBeTruthy(),
    );
    expect(requests).toEqual(['/api/v1/hanzi/你']);
    expect(created[0]?.char).toBe('你');
    expect(typeof created[0]?.loader).toBe('function');
    expect(screen.getByRole('button', { name: 'Play the stroke order of 你' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show the next stroke' })).toBeTruthy();
  });

  it('quiz: counts mistakes per stroke, hints after misses and reports completion once', async () => {
    const done: HanziQuizResult[] = [];
    render(<HanziQuiz char="人" onComplete={(r) => done.push(r)} showHintAfterMisses={2} />);
    await waitFor(() => expect(quizzes).toHaveLength(1));
    const quiz = quizzes[0];
    expect(quiz?.showHintAfterMisses).toBe(2);
    act(() => {
      quiz?.onMistake?.({ strokeNum: 0, mistakesOnStroke: 1 });
      quiz?.onMistake?.({ strokeNum: 0, mistakesOnStroke: 2 });
      quiz?.onCorrectStroke?.({ strokeNum: 0, mistakesOnStroke: 2 });
    });
    expect(screen.getByTestId('hanzi-quiz-status').textContent).toBe('Strokes written: 1 of 2 · mistakes: 2');
    act(() => {
      quiz?.onCorrectStroke?.({ strokeNum: 1, mistakesOnStroke: 0 });
      quiz?.onComplete?.({ character: '人', totalMistakes: 2 });
    });
    expect(done).toEqual([{ char: '人', strokes: 2, mistakes: 2, mistakesPerStroke: [2, 0] }]);
    expect(screen.getByTestId('hanzi-quiz').dataset['state']).toBe('complete');
    expect(screen.getByText('Stroke 1: 2')).toBeTruthy();
  });

  it('says so when there is no stroke data for a character', async () => {
    render(<HanziQuiz char="𠀀" />);
    await screen.findByText('There is no stroke order for 𠀀 yet.');
    expect(screen.getByTestId('hanzi-quiz').dataset['state']).toBe('missing');
    expect(quizzes).toHaveLength(0);
  });

  it('links a word to its write page in the current language', () => {
    render(
      <MemoryRouter initialEntries={['/ru/vocab']}>
        <Routes>
          <Route path="/:lang/vocab" element={<WriteLink word="中国" />} />
        </Routes>
      </MemoryRouter>,
    );
    const link = screen.getByTestId('write-link');
    expect(decodeURIComponent(link.getAttribute('href') ?? '')).toBe('/ru/write/中国');
  });
});
