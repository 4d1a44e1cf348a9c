import { useCallback, useEffect, useRef, useState } from 'react';
import { freshToken, renewedToken } from '@/lib/api';
import { PlaybackBlocked, PlaybackFailed, playFile } from '@/lib/audio/file-player';
import type { FileSources } from '@/lib/audio/file-player';
import { PcmStreamPlayer } from '@/lib/audio/pcm-player';
import { browserSocket, wait } from '@/lib/audio/socket';
import { SynthesisError, speechText, synthesize } from '@/lib/audio/tts-client';
import type { CachedAudio } from '@/lib/audio/tts-client';
import { wsUrl } from '@/lib/audio/ws-url';

export type AudioStatus = 'idle' | 'connecting' | 'playing';
export type PlayOutcome = 'ended' | 'stopped' | 'blocked' | 'failed';
export type AudioError = 'playFailed' | 'noSource';

/** What to play: the question's text through the synthesis socket, and the files it already has. */
export interface QuestionAudioSource {
  text: string;
  /** The question the text belongs to: what lets a guest hear it (the try test's part 1 only). */
  questionId?: number;
  /** Recorded audio (no cache hash) is played as is; cached synthesis is the fallback of the socket. */
  files: FileSources | null;
  /**
   * Playback speed of files (practice replays at 0.75): the browser stretches time and keeps the pitch,
   * so tones sound as they should; the first play, streamed from the synthesis socket, is always 1.
   */
  rate?: number;
}

// Texts already synthesised on this page: replays use the cached file, not the socket.
const synthesised = new Map<string, CachedAudio>();

let sharedContext: AudioContext | null = null;
function audioContext(): AudioContext {
  sharedContext ??= new AudioContext();
  return sharedContext;
}

// A context the browser will not start without a gesture stays suspended; resume() may never settle then.
const RESUME_WAIT_MS = 300;

/**
 * The question audio (spec 001 §4): PCM streamed from the synthesis socket into Web Audio as it
 * arrives, or the cached files through the fallback chain. Pressing play while it plays stops it.
 */
/**
 * Streams a text through the synthesis socket into Web Audio and resolves when it has played; on a
 * cache hit it resolves with the cached files instead, for the caller to play. Throws
 * SynthesisError when the socket fails before any audio played.
 */
async function streamSpeech(
  text: string,
  questionId: number | undefined,
  signal: AbortSignal,
  playing: () => void,
): Promise<CachedAudio | null> {
  const ctx = audioContext();
  await Promise.race([ctx.resume(), wait(RESUME_WAIT_MS)]);
  if (ctx.state !== 'running') throw new PlaybackBlocked();
  const player = new PcmStreamPlayer(ctx);
  signal.addEventListener('abort', () => player.stop(), { once: true });
  const got: { hit: CachedAudio | null } = { hit: null };
  const once = async (token: string | null) =>
    synthesize({
      url: wsUrl('/tts/ws', { token, question_id: questionId }),
      text,
      token,
      socket: browserSocket,
      signal,
      handlers: {
        pcm: (samples) => {
          player.push(samples);
          playing();
        },
        cached: (audio) => {
          got.hit = audio;
        },
        saved: (audio) => synthesised.set(text, audio),
      },
    });
  try {
    await once(await freshToken()).catch(async (err: unknown) => {
      // A token refused by the server (expired meanwhile): renew it once and ask again.
      if (!(err instanceof SynthesisError) || err.code !== 'token_expired' || player.started) throw err;
      await once(await renewedToken());
    });
  } catch (err) {
    // Audio already heard is not replayed from another source; it just ends where it got to.
    if (!player.started) throw err;
  }
  if (got.hit) {
    synthesised.set(text, got.hit);
    player.stop();
    return got.hit;
  }
  player.end();
  if (!player.started && !signal.aborted) throw new PlaybackFailed('no audio arrived');
  await player.done;
  return null;
}

export function useQuestionAudio() {
  const [status, setStatus] = useState<AudioStatus>('idle');
  const [error, setError] = useState<AudioError | null>(null);
  const run = useRef<AbortController | null>(null);
  const element = useRef<HTMLAudioElement | null>(null);

  const stop = useCallback(() => {
    run.current?.abort();
    run.current = null;
    setStatus('idle');
  }, []);

  useEffect(() => stop, [stop]);

  const play = useCallback(async (source: QuestionAudioSource): Promise<PlayOutcome> => {
    run.current?.abort();
    const ac = new AbortController();
    run.current = ac;
    const { signal } = ac;
    element.current ??= new Audio();
    const el = element.current;
    // A new src resets playbackRate to defaultPlaybackRate: set both.
    el.defaultPlaybackRate = source.rate ?? 1;
    el.playbackRate = source.rate ?? 1;
    el.preservesPitch = true;
    setError(null);
    setStatus('connecting');
    const playing = () => {
      if (!signal.aborted) setStatus('playing');
    };
    const playFiles = (files: FileSources) => playFile(files, { element: el, signal, onPlaying: playing });
    try {
      const text = speechText(source.text);
      const known = synthesised.get(text);
      if (source.files && !source.files.hash) await playFiles(source.files);
      else if (known) await playFiles(known);
      else {
        if (!text) throw new PlaybackFailed('no text');
        try {
          const hit = await streamSpeech(text, source.questionId, signal, playing);
          if (hit) await playFiles(hit);
        } catch (err) {
          // The socket failed before any audio: the files the question came with are the same speech.
          if (!(err instanceof SynthesisError) || !source.files || signal.aborted) throw err;
          await playFiles(source.files);
        }
      }
      return signal.aborted ? 'stopped' : 'ended';
    } catch (err) {
      if (signal.aborted) return 'stopped';
      if (err instanceof PlaybackBlocked) return 'blocked';
      setError(err instanceof PlaybackFailed ? 'noSource' : 'playFailed');
      return 'failed';
    } finally {
      if (run.current === ac) {
        run.current = null;
        setStatus('idle');
      }
    }
  }, []);

  return { status, error, play, stop };
}
