// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AssessResponse, LessonReview } from '@kouyu/core';
import { i18n } from '@/lib/i18n';
import { AnswerRecording, referenceTextOf } from './answer-recording';

// jsdom's FormData takes only its own Blob; the request itself is the api helper's, tested elsewhere.
const assessCalls: string[] = [];
vi.mock('./assess-voice', () => ({
  assessVoice: async (_blob: Blob, text: string) => {
    assessCalls.push(text);
    return assessed;
  },
}));

const review = (
  kind: 'reference' | 'model',
  chars: Array<[string, 'ok' | 'extra' | 'wrong']>,
): LessonReview => ({
  score: 60,
  band: 'mid',
  verdict: 'fair',
  dimensions: null,
  right: { heading: '', items: [] },
  missed: { heading: '', items: [] },
  alignment: { heading: '', kind, chars: chars.map(([char, mark]) => ({ char, pinyin: '', mark })) },
  improved: null,
  next: null,
  locked: false,
});

const assessed: AssessResponse = vi.hoisted(() => ({
  success: true,
  fluency: { speech_ms: 900, pause_count: 0, longest_pause_ms: 0, syllables_per_minute: 180 },
  syllables: [
    {
      char: '你',
      pinyin: 'nǐ',
      expected_tone: 3,
      heard_tone: 3,
      confidence: 0.9,
      start_ms: 0,
      end_ms: 300,
      contour: [-1, -2, -3, -2, -1],
    },
    {
      char: '好',
      pinyin: 'hǎo',
      expected_tone: 3,
      heard_tone: 1,
      confidence: 0.95,
      start_ms: 300,
      end_ms: 600,
      contour: [2, 2, 2, 2, 2],
    },
    // Heard as another tone, but the expected one is still likely: not sure, not marked.
    {
      char: '吗',
      pinyin: 'má',
      expected_tone: 2,
      heard_tone: 3,
      confidence: 0.5,
      expected_probability: 0.4,
      start_ms: 600,
      end_ms: 800,
      contour: [0, 0, 1, 1, 2],
    },
  ],
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a saved answer recording', () => {
  it('reads the reference text from a repeat or read-aloud review only', () => {
    expect(
      referenceTextOf(
        review('reference', [
          ['你', 'ok'],
          ['好', 'wrong'],
          ['啊', 'extra'],
          ['。', 'ok'],
        ]),
      ),
    ).toBe('你好。');
    expect(referenceTextOf(review('model', [['你', 'ok']]))).toBeNull();
    expect(referenceTextOf(review('reference', [['a', 'ok']]))).toBeNull();
    expect(referenceTextOf(null)).toBeNull();
  });

  it('plays the recording and draws each syllable, the wrong tone marked and written out', async () => {
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces('check');
    const calls: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:answer', revokeObjectURL: () => undefined }),
    );
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = String(input);
      calls.push(url);
      return new Response('RIFF', { headers: { 'content-type': 'audio/wav' } });
    });
    render(<AnswerRecording audioId="abcdefghijklmnopqrstuvwx" toneText="你好" />);
    await waitFor(() => expect(screen.getByTestId('answer-tones')).toBeTruthy());
    expect(screen.getByTestId('answer-recording-player').getAttribute('src')).toBe('blob:answer');
    expect(calls[0]).toContain('/audio/answers/abcdefghijklmnopqrstuvwx');
    expect(assessCalls).toEqual(['你好']);
    const drawn = screen.getAllByTestId('tone-syllable');
    expect(drawn.map((d) => d.getAttribute('data-verdict'))).toEqual(['right', 'wrong', 'unsure']);
    // The unsure syllable says so, apart from the wrong one.
    expect(drawn[2]?.textContent).toContain('not sure');
    expect(drawn[1]?.textContent).not.toContain('not sure');
    expect(screen.getByTestId('answer-tones').getAttribute('data-wrong')).toBe('1');
    fireEvent.click(screen.getByText('The tones as text'));
    const lines = screen.getByTestId('answer-tones-text').querySelectorAll('li');
    expect(lines[1]?.textContent).toBe('好 hǎo: expected dipping tone, heard level tone (wrong tone)');
  });

  it('says so when the recording is gone', async () => {
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces('check');
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 404 }));
    render(<AnswerRecording audioId="abcdefghijklmnopqrstuvwx" toneText={null} />);
    await waitFor(() => expect(screen.getByTestId('answer-recording-gone')).toBeTruthy());
  });
});
