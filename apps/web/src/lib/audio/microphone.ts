import { RECORDER_CHUNK_MS, STORAGE_KEYS } from '@kouyu/core';
import { storage } from '@/lib/storage';
import { concatInt16, encodeWav } from './pcm';

/** The microphone failures of spec 001 §8. */
export type MicErrorKind = 'denied' | 'not_found' | 'in_use' | 'unsupported' | 'failed';

export class MicError extends Error {
  constructor(readonly kind: MicErrorKind) {
    super(kind);
  }
}

/** Maps a getUserMedia / recorder failure to its kind. */
export function micErrorKind(err: unknown): MicErrorKind {
  if (err instanceof MicError) return err.kind;
  const name = err instanceof DOMException || err instanceof Error ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return 'denied';
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError') return 'not_found';
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return 'in_use';
  if (name === 'OverconstrainedError' || name === 'NotSupportedError' || name === 'TypeError')
    return 'unsupported';
  return 'failed';
}

/** The input the learner picked on the speech check, or null for the browser's default. */
export function preferredMicrophone(): string | null {
  return storage.get(STORAGE_KEYS.microphoneId);
}

/** Remembers the input for every later recording, so the test records what the check tested. */
export function setPreferredMicrophone(deviceId: string): void {
  storage.set(STORAGE_KEYS.microphoneId, deviceId);
}

/** Opens the microphone (mono, echo-cancelled); failures come as MicError. */
export async function openMicrophone(deviceId: string | null = preferredMicrophone()): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new MicError('unsupported');
  try {
    return await navigator.mediaDevices.getUserMedia({
      audio: {
        channelCount: 1,
        echoCancellation: true,
        noiseSuppression: true,
        // `ideal`, not `exact`: a remembered device that was unplugged falls back to the default.
        ...(deviceId ? { deviceId: { ideal: deviceId } } : {}),
      },
    });
  } catch (err) {
    throw new MicError(micErrorKind(err));
  }
}

/** Stops every track, which turns the browser's microphone indicator off. */
export function closeStream(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

const WORKLET_URL = `${import.meta.env.BASE_URL}worklets/pcm-capture.js`;

/**
 * Captures 16-bit PCM at `sampleRate` with an AudioWorklet (the context runs at that rate, so the
 * browser resamples the microphone), in blocks of `blockSize` samples; keeps them for playback.
 */
export class PcmCapture {
  private blocks: Int16Array[] = [];
  private constructor(
    private readonly ctx: AudioContext,
    private readonly node: AudioWorkletNode,
    readonly analyser: AnalyserNode,
    readonly sampleRate: number,
  ) {}

  static async start(
    stream: MediaStream,
    opts: { sampleRate: number; blockSize: number; onBlock: (pcm: Int16Array) => void },
  ): Promise<PcmCapture> {
    const ctx = new AudioContext({ sampleRate: opts.sampleRate });
    try {
      await ctx.audioWorklet.addModule(WORKLET_URL);
      const source = ctx.createMediaStreamSource(stream);
      const node = new AudioWorkletNode(ctx, 'pcm-capture', {
        processorOptions: { blockSize: opts.blockSize },
      });
      const analyser = ctx.createAnalyser();
      analyser.fftSize = 256;
      source.connect(analyser);
      source.connect(node);
      const capture = new PcmCapture(ctx, node, analyser, opts.sampleRate);
      node.port.onmessage = (ev: MessageEvent<unknown>) => {
        if (!(ev.data instanceof ArrayBuffer)) return;
        const pcm = new Int16Array(ev.data);
        capture.blocks.push(pcm);
        opts.onBlock(pcm);
      };
      await ctx.resume();
      return capture;
    } catch (err) {
      void ctx.close();
      throw new MicError(micErrorKind(err));
    }
  }

  /** Stops capturing; the last partial block is delivered first. Returns the recording as WAV. */
  async stop(): Promise<Blob> {
    await new Promise<void>((resolve) => {
      const previous = this.node.port.onmessage;
      this.node.port.onmessage = (ev: MessageEvent<unknown>) => {
        if (ev.data === 'flushed') return resolve();
        previous?.call(this.node.port, ev);
      };
      this.node.port.postMessage('flush');
      // A worklet that died answers nothing; the recording is what arrived.
      setTimeout(resolve, 500);
    });
    this.node.disconnect();
    void this.ctx.close();
    return encodeWav(concatInt16(this.blocks), this.sampleRate);
  }
}

/** Whether this browser records WebM (Chrome, Firefox, Edge); Safari records MP4, which the server does not decode. */
export function webmSupported(): boolean {
  return typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported('audio/webm');
}

/** How long a recording waits for the encoder's first audio before it says "Recording" anyway. */
const RECORDER_START_WAIT_MS = 5_000;

/** Records WebM/Opus with MediaRecorder in 100 ms chunks, with an analyser for the visualizer. */
export class WebmRecording {
  private chunks: Blob[] = [];
  private firstChunk: () => void = () => undefined;
  private readonly live = new Promise<void>((resolve) => {
    this.firstChunk = resolve;
  });
  private constructor(
    private readonly recorder: MediaRecorder,
    private readonly ctx: AudioContext,
    readonly analyser: AnalyserNode,
  ) {}

  static start(stream: MediaStream): WebmRecording {
    const mimeType = MediaRecorder.isTypeSupported('audio/webm;codecs=opus')
      ? 'audio/webm;codecs=opus'
      : 'audio/webm';
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, { mimeType });
    } catch (err) {
      throw new MicError(micErrorKind(err));
    }
    const ctx = new AudioContext();
    const analyser = ctx.createAnalyser();
    analyser.fftSize = 256;
    ctx.createMediaStreamSource(stream).connect(analyser);
    const rec = new WebmRecording(recorder, ctx, analyser);
    recorder.ondataavailable = (ev) => {
      if (ev.data.size === 0) return;
      rec.chunks.push(ev.data);
      rec.firstChunk();
    };
    recorder.start(RECORDER_CHUNK_MS);
    return rec;
  }

  /**
   * Resolves once the encoder has delivered its first audio: on a busy phone MediaRecorder starts
   * a second or more after `start()`, and words spoken before that are lost, so "Recording" is
   * shown only from here. Never waits longer than `maxMs`.
   */
  started(maxMs = RECORDER_START_WAIT_MS): Promise<void> {
    return Promise.race([this.live, new Promise<void>((resolve) => setTimeout(resolve, maxMs))]);
  }

  /** Stops and returns the recording. */
  stop(): Promise<Blob> {
    return new Promise((resolve) => {
      const done = () => {
        void this.ctx.close();
        resolve(new Blob(this.chunks, { type: 'audio/webm' }));
      };
      if (this.recorder.state === 'inactive') return done();
      this.recorder.onstop = done;
      this.recorder.stop();
    });
  }
}
