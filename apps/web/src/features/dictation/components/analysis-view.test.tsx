// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { HandwritingAnalysis } from '@kouyu/core';
import '@/lib/i18n';
import { AnalysisView } from './analysis-view';

afterEach(cleanup);

const analysis: HandwritingAnalysis = {
  words: [
    {
      word: '朋友',
      chars: [
        { status: 'right', char: '朋' },
        { status: 'wrong', char: '友', written: '有' },
      ],
      extra: [],
      written: '朋有',
      status: 'partial',
    },
    {
      word: '天气',
      chars: [
        { status: 'right', char: '天' },
        { status: 'missing', char: '气' },
      ],
      extra: [],
      written: '天',
      status: 'partial',
    },
  ],
  extra: '',
  counts: { right: 2, wrong: 1, missing: 1, extra: 0 },
  score: 50,
};

describe('dictation result', () => {
  it('offers to write each character that was written wrong or left out, and no other', () => {
    render(
      <MemoryRouter initialEntries={['/en/dictation']}>
        <Routes>
          <Route
            path="/:lang/dictation"
            element={<AnalysisView analysis={analysis} recognizedText="朋有 天" />}
          />
        </Routes>
      </MemoryRouter>,
    );
    const links = screen
      .getAllByTestId('write-link')
      .map((a) => decodeURIComponent(a.getAttribute('href') ?? ''));
    expect(links).toEqual(['/en/write/友', '/en/write/气']);
    const wrong = screen.getAllByTestId('char-result').find((li) => li.dataset['status'] === 'wrong');
    expect(within(wrong ?? document.body).getByRole('link', { name: 'Write it: 友, by hand' })).toBeTruthy();
  });
});
