import { spawn, spawnSync } from 'node:child_process';
import { TTS_SAMPLE_RATE } from '@kouyu/core';
import { decodeWav, parseWavHeader, PcmAssembler, resamplePcm } from '../audio/wav.js';
import type { WavInfo } from '../audio/wav.js';
import { clampRate, TtsError } from './engine.js';
import type { EngineStatus, SynthesizeOptions, TtsEngine } from './engine.js';
import { espeakWasm, text2wavFiles, WASM_OUT_FILE } from './espeak-wasm.js';
import type { EspeakWasm } from './espeak-wasm.js';
import { splitPinyinSentences, toSpeechPinyin } from './text.js';

/** The Debian binary's voice that reads numbered pinyin (its cmn/zh voices misread many characters). */
export const BINARY_VOICE = 'cmn-latn-pinyin';
/**
 * text2wav ships espeak-ng 1.49.3, which has no cmn-latn-pinyin voice; its cmn voice reads
 * numbered pinyin the same way (checked with -x: "yin2 hang2" → j'i35n x'a35N).
 */
export const WASM_VOICE = 'cmn';
/** espeak's default speed in words per minute, i.e. rate 1. */
const DEFAULT_WPM = 175;
const VOICE_PATTERN = /^[a-z0-9][\w-]*(\+[\w-]+)?$/i;

export type EspeakMode = 'auto' | 'binary' | 'wasm';

export interface EspeakEngineOptions {
  /** auto = the system binary when it has the pinyin voice, else the WASM build. */
  mode?: EspeakMode;
  /** Binary name or path (default espeak-ng, found on PATH). */
  binary?: string;
  wasm?: EspeakWasm;
}

const binaryChecks = new Map<string, boolean>();

/** Whether `binary` runs and has the pinyin voice (checked once per process). */
export function hasEspeakBinary(binary = 'espeak-ng'): boolean {
  let found = binaryChecks.get(binary);
  if (found === undefined) {
    const probe = spawnSync(binary, ['--voices=cmn'], { encoding: 'utf8', timeout: 5000 });
    found = probe.status === 0 && probe.stdout.includes(BINARY_VOICE);
    binaryChecks.set(binary, found);
  }
  return found;
}

/**
 * The embedded default engine: Chinese text → numbered pinyin (pinyin-pro) → espeak-ng, through
 * the system binary when installed (fast, streams as it speaks) or the WASM build (no install).
 */
export class EspeakEngine implements TtsEngine {
  readonly name: string;
  readonly voice: string;
  readonly mode: 'binary' | 'wasm';
  private readonly binary: string;
  private readonly wasm: EspeakWasm;

  constructor(opts: EspeakEngineOptions = {}) {
    this.binary = opts.binary ?? 'espeak-ng';
    this.wasm = opts.wasm ?? espeakWasm;
    const mode = opts.mode ?? 'auto';
    this.mode = mode === 'auto' ? (hasEspeakBinary(this.binary) ? 'binary' : 'wasm') : mode;
    // Different builds sound slightly different, so they are different engines to the cache.
    this.name = this.mode === 'binary' ? 'espeak-ng' : 'espeak-ng-wasm';
    this.voice = this.mode === 'binary' ? BINARY_VOICE : WASM_VOICE;
  }

  async ready(): Promise<EngineStatus> {
    if (this.mode === 'binary') {
      return hasEspeakBinary(this.binary)
        ? { ready: true, detail: `system espeak-ng, voice ${this.voice}` }
        : { ready: false, detail: `${this.binary} is not installed or lacks the ${BINARY_VOICE} voice` };
    }
    return text2wavFiles()
      ? { ready: true, detail: `espeak-ng WASM (text2wav), voice ${this.voice}` }
      : { ready: false, detail: 'the text2wav package is not installed' };
  }

  async *synthesize(text: string, opts: SynthesizeOptions = {}): AsyncIterable<Int16Array> {
    const voice = opts.voice ?? this.voice;
    if (!VOICE_PATTERN.test(voice))
      throw new TtsError(`invalid espeak-ng voice: ${voice}`, 'validation_failed');
    const speechPinyin = toSpeechPinyin(text);
    // Nothing an espeak pinyin voice can say (only letters or symbols): no audio, not an error.
    if (!/[a-z]/.test(speechPinyin)) return;
    const wpm = String(Math.round(DEFAULT_WPM * clampRate(opts.rate)));
    if (this.mode === 'binary') yield* this.fromBinary(speechPinyin, voice, wpm, opts.signal);
    else yield* this.fromWasm(speechPinyin, voice, wpm, opts.signal);
  }

  private async *fromBinary(
    speechPinyin: string,
    voice: string,
    wpm: string,
    signal?: AbortSignal,
  ): AsyncIterable<Int16Array> {
    // The text is an argument, not shell input: it only holds [a-z0-5 ,.!?] anyway.
    const child = spawn(this.binary, ['-v', voice, '-s', wpm, '--stdout', speechPinyin], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stderr: Buffer[] = [];
    child.stderr.on('data', (c: Buffer) => stderr.push(c));
    const exited = new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    exited.catch(() => {});
    const stop = () => child.kill();
    signal?.addEventListener('abort', stop, { once: true });
    try {
      let head = Buffer.alloc(0);
      let info: WavInfo | null = null;
      const assembler = new PcmAssembler();
      const stdout: AsyncIterable<unknown> = child.stdout;
      for await (const chunk of stdout) {
        if (!Buffer.isBuffer(chunk)) continue;
        let data = chunk;
        if (!info) {
          head = Buffer.concat([head, chunk]);
          info = parseWavHeader(head);
          if (!info) continue;
          if (info.bitsPerSample !== 16 || info.channels !== 1)
            throw new TtsError('espeak-ng wrote audio that is not 16-bit mono');
          data = head.subarray(info.dataOffset);
        }
        const pcm = assembler.push(data);
        // espeak-ng writes 22050 Hz natively; resampling is only a guard for other builds.
        if (pcm.length > 0) yield resamplePcm(pcm, info.sampleRate, TTS_SAMPLE_RATE);
      }
      const code = await exited;
      if (signal?.aborted) return;
      if (code !== 0)
        throw new TtsError(
          `espeak-ng exited with code ${code}: ${Buffer.concat(stderr).toString('utf8').trim()}`,
        );
    } catch (err) {
      if (err instanceof TtsError) throw err;
      throw new TtsError(`espeak-ng failed: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      signal?.removeEventListener('abort', stop);
      if (child.exitCode === null && child.signalCode === null) child.kill();
    }
  }

  private async *fromWasm(
    speechPinyin: string,
    voice: string,
    wpm: string,
    signal?: AbortSignal,
  ): AsyncIterable<Int16Array> {
    // The WASM build writes a whole file per call, so sentences are synthesised one by one to stream.
    for (const sentence of splitPinyinSentences(speechPinyin)) {
      if (signal?.aborted) return;
      let wav: Buffer;
      try {
        wav = await this.wasm.run(['-v', voice, '-s', wpm, '-w', WASM_OUT_FILE, sentence]);
      } catch (err) {
        throw new TtsError(`espeak-ng (WASM) failed: ${err instanceof Error ? err.message : String(err)}`);
      }
      const { sampleRate, pcm } = decodeWav(wav);
      if (pcm.length > 0) yield resamplePcm(pcm, sampleRate, TTS_SAMPLE_RATE);
    }
  }
}
