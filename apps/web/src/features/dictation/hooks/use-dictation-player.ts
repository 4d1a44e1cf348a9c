import { useCallback, useEffect, useRef, useState } from 'react';
import { isErrorCode } from '@kouyu/core';
import type { ErrorCode } from '@kouyu/core';
import { speakUrl } from '@/lib/api';

/** The dictation states of spec 000 §4 (plus pause and a failed audio). */
export type PlayerPhase = 'idle' | 'connecting' | 'speaking' | 'waiting' | 'paused' | 'complete' | 'error';

export interface PlayerState {
  phase: PlayerPhase;
  /** The word being spoken (0-based). */
  index: number;
  /** Why the word could not be played, once the server has said (a guest past the allowance…). */
  code?: ErrorCode | null;
}

/**
 * Asks the server why a word's audio failed: an audio element tells nothing of the answer, and a
 * guest past the day's allowance is to be asked to sign in, not shown a failure.
 */
async function failureCode(word: string): Promise<ErrorCode | null> {
  try {
    const res = await fetch(`${speakUrl(word)}&format=json`);
    if (res.ok) return null;
    const body: unknown = await res.json();
    const code = typeof body === 'object' && body !== null ? Reflect.get(body, 'code') : null;
    return isErrorCode(code) ? code : null;
  } catch {
    return null;
  }
}

export interface DictationPlayer {
  state: PlayerState;
  /** Props for the one <audio> element: a callback ref and its event handlers. */
  audio: {
    attach: (el: HTMLAudioElement | null) => void;
    onPlaying: () => void;
    onEnded: () => void;
    onError: () => void;
  };
  start(): void;
  pause(): void;
  resume(): void;
  stop(): void;
  /** Plays the current word again after an audio failure. */
  retry(): void;
}

/**
 * Speaks the words one by one through an <audio> element, waiting `intervalS` seconds after each:
 * connecting → speaking word k of n (→ waiting) → complete; pause, resume and stop at any time.
 */
export function useDictationPlayer(words: readonly string[], intervalS: number): DictationPlayer {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [state, setState] = useState<PlayerState>({ phase: 'idle', index: 0 });
  const current = useRef(state);
  const pausedFrom = useRef<PlayerPhase>('speaking');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const set = useCallback((next: PlayerState) => {
    current.current = next;
    setState(next);
  }, []);
  const clearTimer = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const play = useCallback(
    (index: number, phase: 'connecting' | 'speaking') => {
      const el = audioRef.current;
      const word = words[index];
      if (!el || word === undefined) return;
      set({ phase, index });
      el.src = speakUrl(word);
      // A refused play (autoplay policy, network) is shown as a failure the user can retry.
      el.play().catch((err: unknown) => {
        if (err instanceof DOMException && err.name === 'AbortError') return;
        set({ phase: 'error', index });
      });
    },
    [words, set],
  );

  const wait = useCallback(
    (index: number) => {
      clearTimer();
      set({ phase: 'waiting', index });
      timer.current = setTimeout(() => {
        timer.current = null;
        play(index + 1, 'speaking');
      }, intervalS * 1000);
    },
    [clearTimer, intervalS, play, set],
  );

  const attach = useCallback((el: HTMLAudioElement | null) => {
    audioRef.current = el;
  }, []);

  const audio = {
    attach,
    onPlaying: () => {
      const s = current.current;
      if (s.phase === 'connecting') set({ phase: 'speaking', index: s.index });
    },
    onEnded: () => {
      const s = current.current;
      if (s.phase !== 'speaking' && s.phase !== 'connecting') return;
      if (s.index >= words.length - 1) set({ phase: 'complete', index: s.index });
      else wait(s.index);
    },
    onError: () => {
      const s = current.current;
      if (s.phase !== 'speaking' && s.phase !== 'connecting') return;
      const failed: PlayerState = { phase: 'error', index: s.index };
      set(failed);
      const word = words[s.index];
      if (word === undefined) return;
      void failureCode(word).then((code) => {
        // Only while that failure is still shown (not after a retry or a stop).
        if (code && current.current === failed) set({ ...failed, code });
      });
    },
  };

  const start = useCallback(() => {
    clearTimer();
    if (words.length > 0) play(0, 'connecting');
  }, [clearTimer, play, words.length]);

  const pause = useCallback(() => {
    const s = current.current;
    if (s.phase !== 'speaking' && s.phase !== 'waiting' && s.phase !== 'connecting') return;
    pausedFrom.current = s.phase;
    clearTimer();
    audioRef.current?.pause();
    set({ phase: 'paused', index: s.index });
  }, [clearTimer, set]);

  const resume = useCallback(() => {
    const s = current.current;
    if (s.phase !== 'paused') return;
    if (pausedFrom.current === 'waiting') wait(s.index);
    else {
      set({ phase: pausedFrom.current === 'connecting' ? 'connecting' : 'speaking', index: s.index });
      audioRef.current?.play().catch(() => set({ phase: 'error', index: s.index }));
    }
  }, [set, wait]);

  const stop = useCallback(() => {
    clearTimer();
    const el = audioRef.current;
    if (el) {
      el.pause();
      el.removeAttribute('src');
    }
    set({ phase: 'idle', index: 0 });
  }, [clearTimer, set]);

  const retry = useCallback(() => play(current.current.index, 'connecting'), [play]);

  useEffect(() => clearTimer, [clearTimer]);

  return { state, audio, start, pause, resume, stop, retry };
}
