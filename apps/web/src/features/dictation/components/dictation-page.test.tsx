// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { StoredUser } from '@kouyu/core';
import '@/lib/i18n';
import { clearSession, saveAuth } from '@/lib/session';
import common from '@/locales/en/common.json';
import en from '@/locales/en/dictation.json';
import { DictationPage } from './dictation-page';

const user: StoredUser = {
  id: 7,
  email: 'learner@example.org',
  name: 'Learner',
  username: 'learner',
  is_official: false,
  is_vip: false,
  user_level: 'basic',
  point: 0,
  share_code: 'ABCDEFGH',
  invited_code: null,
  email_verified: true,
  language: 'en',
  settings: { asr_model: 'dashscope' },
};

function setup() {
  const router = createMemoryRouter([{ path: '/:lang/dictation', element: <DictationPage /> }], {
    initialEntries: ['/en/dictation'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const input = () => screen.getByLabelText(en.words.label);
function add(word: string) {
  fireEvent.change(input(), { target: { value: word } });
  fireEvent.click(screen.getByTestId('word-add'));
}
const fill = (text: string) => text.replace('{{limit}}', '10').replace('{{plus}}', '20');

beforeEach(() => {
  // jsdom has no media playback: play() resolves and the test fires the element's events itself.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
});
afterEach(() => {
  cleanup();
  clearSession();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('word entry', () => {
  it('adds Chinese words as chips and explains every refusal in the user’s language', () => {
    setup();
    expect(screen.getByTestId('word-counter').textContent).toBe('0 / 10');
    add('hello');
    expect(screen.getByTestId('word-error').textContent).toBe(common.validation.word_chinese_only);
    expect(input().getAttribute('aria-invalid')).toBe('true');
    add('学习');
    expect(within(screen.getByTestId('word-chips')).getByText('学习')).toBeTruthy();
    expect(screen.getByTestId('word-counter').textContent).toBe('1 / 10');
    add('学习');
    expect(screen.getByTestId('word-error').textContent).toBe(common.validation.word_duplicate);
    add('中'.repeat(51));
    expect(screen.getByTestId('word-error').textContent).toBe(common.validation.word_too_long);
    add('   ');
    expect(screen.getByTestId('word-error').textContent).toBe(common.validation.word_required);
    fireEvent.click(screen.getByRole('button', { name: en.words.remove.replace('{{word}}', '学习') }));
    expect(screen.getByTestId('word-counter').textContent).toBe('0 / 10');
  });

  it('stops a free list at 10 words and counts pasted words it skipped', () => {
    setup();
    fireEvent.change(input(), { target: { value: '一 二 三 四 五 六 七 八 九 十 百 abc 一' } });
    fireEvent.click(screen.getByTestId('word-add'));
    expect(screen.getByTestId('word-counter').textContent).toBe('10 / 10');
    const summary = screen.getByTestId('words-summary').textContent ?? '';
    expect(summary).toContain(en.words.added.replace('{{count}}', '10'));
    expect(summary).toContain(en.words.skippedOverLimit.replace('{{limit}}', '10').replace('{{count}}', '1'));
    expect(summary).toContain(en.words.skippedDuplicate.replace('{{count}}', '1'));
    expect(summary).toContain(en.words.skippedInvalid.replace('{{count}}', '1'));
    add('千');
    expect(screen.getByTestId('word-error').textContent).toBe(
      `${fill(en.words.full)} ${fill(en.words.fullFree)}`,
    );
  });

  it('asks guests to log in and free users to upgrade before adding words from a photo', () => {
    setup();
    fireEvent.click(screen.getByTestId('add-from-image'));
    expect(screen.getByTestId('dictation-login-prompt').textContent).toContain(en.gate.loginImage);
    cleanup();
    saveAuth({
      token: 'header.eyJleHAiOjk5OTk5OTk5OTl9.sig',
      refresh_token: 'r',
      user,
      payment_expiration: null,
    });
    setup();
    fireEvent.click(screen.getByTestId('add-from-image'));
    const prompt = screen.getByTestId('dictation-upgrade-prompt');
    expect(prompt.textContent).toContain(en.gate.plusImage);
    expect(within(prompt).getByRole('link').getAttribute('href')).toBe('/en/plus');
  });
});

describe('dictation states', () => {
  it('needs a word before it starts', () => {
    setup();
    fireEvent.click(screen.getByTestId('player-start'));
    expect(screen.getByTestId('start-error').textContent).toBe(common.validation.words_required);
  });

  it('connects, speaks each word through the speech engine, waits the interval, completes', async () => {
    vi.useFakeTimers();
    setup();
    add('学习');
    add('朋友');
    fireEvent.change(screen.getByTestId('interval-select'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('player-start'));
    const audio = screen.getByTestId<HTMLAudioElement>('dictation-audio');
    const status = () => screen.getByTestId('player-status').textContent;
    expect(status()).toBe(en.player.connecting);
    expect(audio.getAttribute('src')).toBe(`/api/v1/audio/speak?text=${encodeURIComponent('学习')}`);
    // Words cannot change while the dictation runs, and are hidden: the list would give the answers away.
    expect(input()).toHaveProperty('disabled', true);
    expect(screen.queryByTestId('word-chips')).toBeNull();
    expect(screen.getByTestId('word-chips-hidden').textContent).toBe(en.words.hiddenWhilePlaying);
    // A guest was told before starting that the handwriting check is Plus.
    expect(screen.getByTestId('dictation-plus-notice').textContent).toBe(en.plusCheckNotice);
    fireEvent(audio, new Event('playing'));
    expect(status()).toBe('Speaking word 1 of 2');
    fireEvent(audio, new Event('ended'));
    expect(status()).toBe('Write word 1 of 2…');

    // Pausing during the wait holds the next word back.
    fireEvent.click(screen.getByTestId('player-pause'));
    expect(status()).toBe('Paused at word 1 of 2');
    act(() => vi.advanceTimersByTime(10_000));
    expect(audio.getAttribute('src')).toContain(encodeURIComponent('学习'));
    fireEvent.click(screen.getByTestId('player-resume'));
    act(() => vi.advanceTimersByTime(2_999));
    expect(audio.getAttribute('src')).toContain(encodeURIComponent('学习'));
    act(() => vi.advanceTimersByTime(1));
    expect(audio.getAttribute('src')).toBe(`/api/v1/audio/speak?text=${encodeURIComponent('朋友')}`);
    expect(status()).toBe('Speaking word 2 of 2');
    fireEvent(audio, new Event('ended'));
    expect(status()).toBe(en.player.complete);

    // Then the photo; a guest is asked to log in before the analysis.
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'photo.png', { type: 'image/png' });
    URL.createObjectURL = vi.fn(() => 'blob:photo');
    URL.revokeObjectURL = vi.fn();
    fireEvent.change(screen.getByTestId('photo-input'), { target: { files: [file] } });
    expect(screen.getByTestId('photo-preview').getAttribute('src')).toBe('blob:photo');
    fireEvent.click(screen.getByTestId('analyse'));
    expect(screen.getByTestId('dictation-login-prompt').textContent).toContain(en.gate.loginAnalyse);
  });

  it('stops and plays a failed word again on request', () => {
    setup();
    add('学习');
    fireEvent.click(screen.getByTestId('player-start'));
    const audio = screen.getByTestId<HTMLAudioElement>('dictation-audio');
    fireEvent(audio, new Event('error'));
    expect(screen.getByTestId('player-error').textContent).toContain(en.player.error);
    fireEvent.click(screen.getByRole('button', { name: en.player.retry }));
    expect(screen.getByTestId('player-status').textContent).toBe(en.player.connecting);
    fireEvent.click(screen.getByTestId('player-stop'));
    expect(screen.queryByTestId('player-status')).toBeNull();
    expect(input()).toHaveProperty('disabled', false);
  });

  // Spec 000 §6: guests dictate too; past the day's allowance they are asked to sign in, not failed.
  it.each([
    ['dictation_guest_limit', 429, common.errors.dictation_guest_limit.replace('{{limit}}', '60')],
    ['auth_token_missing', 401, en.player.signIn],
  ])('asks a guest to sign in when the server refuses a word with %s', async (code, status, text) => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return Response.json({ success: false, code, message: 'refused' }, { status });
    });
    try {
      setup();
      add('我爱你');
      fireEvent.click(screen.getByTestId('player-start'));
      fireEvent(screen.getByTestId('dictation-audio'), new Event('error'));
      const prompt = await screen.findByTestId('dictation-signin-prompt');
      expect(prompt.textContent).toContain(text);
      expect(within(prompt).getByRole('link').getAttribute('href')).toBe(
        `/en/auth?mode=login&next=${encodeURIComponent('/en/dictation')}`,
      );
      expect(screen.queryByTestId('player-error')).toBeNull();
      expect(asked).toEqual([`/api/v1/audio/speak?text=${encodeURIComponent('我爱你')}&format=json`]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe("this level's characters", () => {
  it("fills the list with the level's characters of the learner's syllabus, the next ones on the next press", async () => {
    const asked: string[] = [];
    const chars = [...'爱二姐年八饭今您爸房九牛吧飞'];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return Response.json({
        success: true,
        data: { syllabus: 'hsk3', level: 1, label: '1', characters: chars },
      });
    });
    try {
      setup();
      // A guest starts on HSK 3.0; nothing is fetched until the learner asks.
      expect(asked).toEqual([]);
      fireEvent.click(screen.getByTestId('dictation-level-pick'));
      await screen.findByText(
        en.levelChars.range_other.replace('{{from}}', '1').replace('{{to}}', '10').replace('{{count}}', '14'),
      );
      expect(asked).toEqual(['/api/v1/vocabulary/characters?syllabus=hsk3&level=1']);
      const chips = () =>
        within(screen.getByTestId('word-chips'))
          .getAllByRole('listitem')
          .map((c) => c.textContent?.charAt(0));
      expect(chips()).toEqual(chars.slice(0, 10));
      fireEvent.click(screen.getByTestId('dictation-level-pick'));
      await screen.findByText(
        en.levelChars.range_other
          .replace('{{from}}', '11')
          .replace('{{to}}', '14')
          .replace('{{count}}', '14'),
      );
      expect(chips()).toEqual(chars.slice(10));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
