import { useCallback, useEffect, useRef, useState } from 'react';
import { RECOGNITION_AUDIO, isErrorCode, transcriptionTimeoutMs } from '@kouyu/core';
import type { ErrorCode, NetworkQuality, Question } from '@kouyu/core';
import { ApiError, freshToken, renewedToken } from '@/lib/api';
import { dropRecording, keepRecording } from '@/lib/recordings';
import { audioIdOf, transcribe } from './transcribe';
import {
  MicError,
  PcmCapture,
  WebmRecording,
  closeStream,
  openMicrophone,
  webmSupported,
} from './microphone';
import type { MicErrorKind } from './microphone';
import { RecognitionError, RecognitionSession } from './recognition-client';
import { dialectFor } from './recognition-dialect';
import { browserSocket } from './socket';
import { wsUrl } from './ws-url';

export type RecorderStatus =
  'idle' | 'autoStarting' | 'connecting' | 'recording' | 'transcribing' | 'completed';

/** Why an answer has no transcript: a microphone problem or a recognition code. */
export type RecorderFailure =
  { kind: 'mic'; mic: MicErrorKind } | { kind: 'recognition'; code: ErrorCode; status?: number };

export interface RecordingResult {
  text: string;
  recordingUrl: string | null;
  /** The server's id of the kept recording (sent with the answer for feedback from the audio). */
  audioId: string | null;
  failure: RecorderFailure | null;
}

export interface StartOptions {
  /** Its asr_model picks the recognition socket; its id (when a run has one) tells the server which question. */
  question: Pick<Question, 'asr_model'> & { id?: number };
  /** Realtime (auto mode): PCM to the recognition socket; otherwise record, then upload. */
  realtime: boolean;
  limitS: number;
  quality: NetworkQuality;
  auto?: boolean;
}

interface Active {
  stop: () => void;
}

const recognitionCode = (err: unknown): ErrorCode => {
  if (err instanceof RecognitionError) return err.code;
  if (err instanceof ApiError) return err.code;
  return 'transcription_failed';
};

/** A recognition failure; an HTTP answer without a catalogue code is told as "HTTP {status}" (spec 001 §8). */
const recognitionFailure = (err: unknown): RecorderFailure =>
  err instanceof ApiError && !isErrorCode(err.body['code'])
    ? { kind: 'recognition', code: 'http_status', status: err.status }
    : { kind: 'recognition', code: recognitionCode(err) };

/** A failure to start the recorder: the microphone's own kinds, else "Error starting recording". */
const startFailure = (err: unknown): RecorderFailure =>
  err instanceof MicError
    ? { kind: 'mic', mic: err.kind }
    : { kind: 'recognition', code: 'recording_start_failed' };

const STOP_FAILED: RecordingResult = {
  text: '',
  recordingUrl: null,
  audioId: null,
  failure: { kind: 'recognition', code: 'recording_stop_failed' },
};

/**
 * Records one answer (spec 001 §2, §4): realtime PCM through an AudioWorklet to the recognition
 * socket the question's asr_model picks, or a MediaRecorder WebM uploaded to /audio/transcribe.
 * Stops at the time limit. The recording is always kept and playable, even when recognition fails.
 */
export function useAnswerRecorder() {
  const [status, setStatusNow] = useState<RecorderStatus>('idle');
  const [startedAt, setStartedAtNow] = useState<number | null>(null);
  const [partial, setPartialNow] = useState('');
  const [notice, setNoticeNow] = useState<ErrorCode | null>(null);
  const [analyser, setAnalyserNow] = useState<AnalyserNode | null>(null);
  const active = useRef<Active | null>(null);
  // Each start (and each reset) is a generation: a recording left behind by a reset no longer
  // writes into the state of the one that replaced it.
  const generation = useRef(0);
  const urls = useRef<string[]>([]);

  useEffect(
    () => () => {
      active.current?.stop();
      for (const u of urls.current) dropRecording(u);
    },
    [],
  );

  const keep = (blob: Blob): string | null => {
    if (blob.size === 0) return null;
    const url = keepRecording(blob);
    urls.current.push(url);
    return url;
  };

  /** Stops the recording early; the pending `start` promise then resolves with the transcript. */
  const stop = useCallback(() => active.current?.stop(), []);

  const reset = useCallback(() => {
    generation.current++;
    active.current?.stop();
    setStatusNow('idle');
    setPartialNow('');
    setNoticeNow(null);
    setStartedAtNow(null);
    setAnalyserNow(null);
  }, []);

  const start = useCallback(async (opts: StartOptions): Promise<RecordingResult> => {
    const mine = ++generation.current;
    const own =
      <T>(set: (v: T) => void) =>
      (v: T) => {
        if (generation.current === mine) set(v);
      };
    const setStatus = own(setStatusNow);
    const setStartedAt = own(setStartedAtNow);
    const setPartial = own(setPartialNow);
    const setNotice = own(setNoticeNow);
    const setAnalyser = own(setAnalyserNow);
    setPartial('');
    setNotice(null);
    setStatus(opts.auto ? 'autoStarting' : 'connecting');
    let stream: MediaStream;
    try {
      stream = await openMicrophone();
    } catch (err) {
      setStatus('idle');
      return {
        text: '',
        recordingUrl: null,
        audioId: null,
        failure: { kind: 'mic', mic: err instanceof MicError ? err.kind : 'failed' },
      };
    }
    let stopRequested: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => {
      stopRequested = resolve;
    });
    const limit = setTimeout(() => stopRequested(), opts.limitS * 1000);
    active.current = { stop: () => stopRequested() };
    try {
      if (opts.realtime) return await realtime(opts, stream, stopped);
      return await upload(stream, stopped, opts.question.id);
    } finally {
      clearTimeout(limit);
      closeStream(stream);
      if (generation.current === mine) active.current = null;
      setAnalyser(null);
    }

    async function realtime(
      o: StartOptions,
      mic: MediaStream,
      done: Promise<void>,
    ): Promise<RecordingResult> {
      const audio = RECOGNITION_AUDIO[o.quality];
      const dialect = dialectFor(o.question.asr_model);
      const session = new RecognitionSession({
        dialect,
        // Each connection (and reconnection) asks for a fresh token: the URL carries it.
        url: async () => wsUrl(dialect.path, { token: await freshToken(), question_id: o.question.id }),
        sampleRate: audio.sampleRate,
        silenceMs: audio.silenceMs,
        timeLimitS: o.limitS,
        timeoutMs: transcriptionTimeoutMs(o.quality),
        socket: browserSocket,
        renewToken: renewedToken,
        onPartial: setPartial,
        onFailure: (err) => setNotice(err.code),
      });
      let capture: PcmCapture;
      try {
        capture = await PcmCapture.start(mic, {
          sampleRate: audio.sampleRate,
          blockSize: audio.blockSize,
          onBlock: (b) => session.push(b),
        });
      } catch (err) {
        session.abort();
        setStatus('idle');
        return { text: '', recordingUrl: null, audioId: null, failure: startFailure(err) };
      }
      setAnalyser(capture.analyser);
      const started = session.start().catch((err: unknown) => err);
      setStartedAt(Date.now());
      setStatus('recording');
      await done;
      const wav = await capture.stop().catch(() => null);
      if (!wav) {
        session.abort();
        setStatus('completed');
        return STOP_FAILED;
      }
      const recordingUrl = keep(wav);
      setStartedAt(Date.now());
      setStatus('transcribing');
      try {
        const startError = await started;
        if (startError) throw startError;
        const text = await session.finish();
        setStatus('completed');
        return { text, recordingUrl, audioId: session.audioId, failure: null };
      } catch (err) {
        session.abort();
        setStatus('completed');
        return {
          text: '',
          recordingUrl,
          audioId: session.audioId,
          failure: recognitionFailure(err),
        };
      }
    }

    async function upload(
      mic: MediaStream,
      done: Promise<void>,
      questionId: number | undefined,
    ): Promise<RecordingResult> {
      let finish: () => Promise<Blob>;
      try {
        if (webmSupported()) {
          const rec = WebmRecording.start(mic);
          setAnalyser(rec.analyser);
          finish = () => rec.stop();
          await rec.started();
        } else {
          // Safari records MP4, which the server cannot decode: capture PCM and upload WAV instead.
          const audio = RECOGNITION_AUDIO.good;
          const cap = await PcmCapture.start(mic, {
            sampleRate: audio.sampleRate,
            blockSize: audio.blockSize,
            onBlock: () => undefined,
          });
          setAnalyser(cap.analyser);
          finish = () => cap.stop();
        }
      } catch (err) {
        setStatus('idle');
        return { text: '', recordingUrl: null, audioId: null, failure: startFailure(err) };
      }
      setStartedAt(Date.now());
      setStatus('recording');
      await done;
      const blob = await finish().catch(() => null);
      if (!blob) {
        setStatus('completed');
        return STOP_FAILED;
      }
      const recordingUrl = keep(blob);
      if (blob.size === 0) {
        setStatus('completed');
        return {
          text: '',
          recordingUrl,
          audioId: null,
          failure: { kind: 'recognition', code: 'no_audio_recorded' },
        };
      }
      setStartedAt(Date.now());
      setStatus('transcribing');
      try {
        const { text, audioId } = await transcribe(blob, 'hskk', questionId);
        setStatus('completed');
        return { text, recordingUrl, audioId, failure: null };
      } catch (err) {
        const failure = recognitionFailure(err);
        if (failure.kind === 'recognition' && failure.code === 'asr_unavailable') setNotice(failure.code);
        setStatus('completed');
        // The server may keep audio it could not transcribe: its id still goes with the answer.
        return { text: '', recordingUrl, audioId: audioIdOf(err), failure };
      }
    }
  }, []);

  return { status, startedAt, partial, notice, analyser, start, stop, reset };
}
