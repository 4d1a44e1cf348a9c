import { describe, expect, it } from 'vitest';
import { TTS_SAMPLE_RATE } from '@kouyu/core';
import { concatPcm, pcmRms } from '../audio/wav.js';
import { EspeakEngine, hasEspeakBinary } from './espeak-engine.js';
import type { TtsEngine } from './engine.js';

async function speak(engine: TtsEngine, text: string, opts = {}) {
  const chunks: Int16Array[] = [];
  for await (const chunk of engine.synthesize(text, opts)) chunks.push(chunk);
  const pcm = concatPcm(chunks);
  return { chunks, pcm, seconds: pcm.length / TTS_SAMPLE_RATE };
}

/** Share of 20 ms windows louder than a whisper: speech has pauses but is mostly voiced. */
function voicedShare(pcm: Int16Array): number {
  const win = TTS_SAMPLE_RATE / 50;
  let voiced = 0;
  let windows = 0;
  for (let i = 0; i + win <= pcm.length; i += win, windows++)
    if (pcmRms(pcm.subarray(i, i + win)) > 0.02) voiced++;
  return windows ? voiced / windows : 0;
}

const SHORT = '你好';
const SENTENCE = '今天天气很好，我们去公园散步吧。';

// The binary path runs only where Debian's espeak-ng is installed; the WASM path always runs.
const modes = (['wasm', 'binary'] as const).filter((m) => m === 'wasm' || hasEspeakBinary());

describe.each(modes)('espeak-ng engine (%s)', (mode) => {
  const engine = new EspeakEngine({ mode });

  it('reports itself ready under its own name', async () => {
    expect(engine.mode).toBe(mode);
    expect(engine.name).toBe(mode === 'binary' ? 'espeak-ng' : 'espeak-ng-wasm');
    expect(await engine.ready()).toMatchObject({ ready: true });
  });

  it('speaks Chinese as real audio of a plausible length', async () => {
    const short = await speak(engine, SHORT);
    // Two syllables at 175 wpm plus espeak's final pause.
    expect(short.seconds).toBeGreaterThan(0.4);
    expect(short.seconds).toBeLessThan(2);
    expect(pcmRms(short.pcm)).toBeGreaterThan(0.03);
    const sentence = await speak(engine, SENTENCE);
    // 15 syllables and a comma pause: at a 22050 Hz reading this is 2.5-6 s.
    expect(sentence.seconds).toBeGreaterThan(2.5);
    expect(sentence.seconds).toBeLessThan(6);
    expect(pcmRms(sentence.pcm)).toBeGreaterThan(0.03);
    expect(voicedShare(sentence.pcm)).toBeGreaterThan(0.5);
    // Never clipped to a flat line.
    expect(sentence.pcm.some((s) => s > 1000) && sentence.pcm.some((s) => s < -1000)).toBe(true);
  });

  it('gives different audio for different texts and the same audio for the same text', async () => {
    const a = await speak(engine, '银行');
    const b = await speak(engine, '学校');
    const again = await speak(engine, '银行');
    expect(Buffer.from(a.pcm.buffer).equals(Buffer.from(b.pcm.buffer))).toBe(false);
    expect(Buffer.from(a.pcm.buffer).equals(Buffer.from(again.pcm.buffer))).toBe(true);
  });

  it('speaks faster at a higher rate', async () => {
    const normal = await speak(engine, SENTENCE);
    const fast = await speak(engine, SENTENCE, { rate: 1.6 });
    expect(fast.seconds).toBeLessThan(normal.seconds * 0.8);
  });

  it('yields nothing for text it cannot say, and refuses a malformed voice', async () => {
    expect((await speak(engine, 'Hello!')).pcm.length).toBe(0);
    await expect(speak(engine, SHORT, { voice: '--help' })).rejects.toThrow(/invalid espeak-ng voice/);
  });

  it('reports an unknown voice as a synthesis error', async () => {
    await expect(speak(engine, SHORT, { voice: 'qqq' })).rejects.toThrow(/espeak-ng/);
    // And recovers for the next call.
    expect((await speak(engine, SHORT)).pcm.length).toBeGreaterThan(0);
  });
});

describe('espeak-ng engine selection', () => {
  it('falls back to the WASM build when the binary is missing', async () => {
    const engine = new EspeakEngine({ binary: '/nonexistent/espeak-ng' });
    expect(engine.mode).toBe('wasm');
    expect((await speak(engine, SHORT)).pcm.length).toBeGreaterThan(0);
    const forced = new EspeakEngine({ mode: 'binary', binary: '/nonexistent/espeak-ng' });
    expect(await forced.ready()).toMatchObject({ ready: false });
    await expect(speak(forced, SHORT)).rejects.toThrow(/espeak-ng failed/);
  });

  it.runIf(hasEspeakBinary())(
    'sounds alike from the binary and the WASM build (same rate, similar length)',
    async () => {
      const binary = await speak(new EspeakEngine({ mode: 'binary' }), SENTENCE);
      const wasm = await speak(new EspeakEngine({ mode: 'wasm' }), SENTENCE);
      expect(wasm.seconds / binary.seconds).toBeGreaterThan(0.8);
      expect(wasm.seconds / binary.seconds).toBeLessThan(1.25);
    },
  );

  it.runIf(hasEspeakBinary())('streams the binary output in several chunks for a long text', async () => {
    const { chunks } = await speak(new EspeakEngine({ mode: 'binary' }), SENTENCE.repeat(4));
    expect(chunks.length).toBeGreaterThan(3);
  });
});
