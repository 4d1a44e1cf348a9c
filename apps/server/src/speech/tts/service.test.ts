import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TTS_SAMPLE_RATE } from '@kouyu/core';
import { testConfig } from '../../test/app.js';
import { AudioCache, audioHash } from '../audio/cache.js';
import { id3TagLength, mp3DurationS } from '../audio/mp3.js';
import { DiskAudioStore } from '../audio/store.js';
import { decodeWav, parseWavHeader, pcmRms } from '../audio/wav.js';
import { CosyVoiceEngine } from './cosyvoice-engine.js';
import { EspeakEngine } from './espeak-engine.js';
import { createTtsEngine, TtsService, ttsServiceFor } from './service.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'kouyu-tts-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('synthesis into the content-addressed cache', () => {
  const engine = new EspeakEngine();
  const service = new TtsService(engine, new AudioCache(new DiskAudioStore(dir)));

  it('stores WAV, MP3 and HLS on the first call and answers from the cache on the second', async () => {
    const text = '我每天早上七点起床，然后去学校上课。';
    const first = await service.synthesizeToCache(`  ${text}\u0007 `);
    if (!first) throw new Error('expected audio');
    expect(first.cacheHit).toBe(false);
    expect(first.hash).toBe(audioHash(engine.name, engine.voice, text));
    expect(first.mp3Url).toBe(`/api/v1/audio/cache/${first.hash}/audio.mp3`);
    expect(first.m3u8Url).toBe(`/api/v1/audio/cache/${first.hash}/index.m3u8`);
    expect(first.durationMs).toBeGreaterThan(2500);
    expect(first.durationMs).toBeLessThan(8000);

    const entry = path.join(dir, first.hash);
    const wav = readFileSync(path.join(entry, 'audio.wav'));
    expect(parseWavHeader(wav)).toMatchObject({
      sampleRate: TTS_SAMPLE_RATE,
      channels: 1,
      bitsPerSample: 16,
    });
    const { pcm } = decodeWav(wav);
    expect(Math.round((pcm.length * 1000) / TTS_SAMPLE_RATE)).toBe(first.durationMs);
    expect(pcmRms(pcm)).toBeGreaterThan(0.03);

    const mp3 = readFileSync(path.join(entry, 'audio.mp3'));
    expect(mp3[0]).toBe(0xff);
    expect((mp3[1] ?? 0) & 0xe0).toBe(0xe0);
    expect(mp3DurationS(mp3) * 1000).toBeGreaterThanOrEqual(first.durationMs);
    expect(mp3DurationS(mp3) * 1000).toBeLessThan(first.durationMs + 150);

    const playlist = readFileSync(path.join(entry, 'index.m3u8'), 'utf8');
    expect(playlist.startsWith('#EXTM3U\n')).toBe(true);
    expect(playlist.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    const target = Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(playlist)?.[1]);
    const segments = [...playlist.matchAll(/#EXTINF:([\d.]+),\n(seg-\d+\.mp3)/g)].map((m) => ({
      seconds: Number(m[1]),
      file: m[2] ?? '',
    }));
    expect(segments.length).toBeGreaterThanOrEqual(2);
    for (const seg of segments) {
      expect(Math.round(seg.seconds)).toBeLessThanOrEqual(target);
      const bytes = readFileSync(path.join(entry, seg.file));
      expect(bytes.subarray(0, 3).toString('latin1')).toBe('ID3');
      expect(bytes[id3TagLength(bytes)]).toBe(0xff);
    }
    const total = segments.reduce((s, seg) => s + seg.seconds, 0);
    expect(Math.abs(total * 1000 - first.durationMs)).toBeLessThan(150);

    const second = await service.synthesizeToCache(text);
    expect(second).toEqual({ ...first, cacheHit: true });
  });

  it('synthesises once when the same text is asked for twice at the same time', async () => {
    const [a, b] = await Promise.all([
      service.synthesizeToCache('同时请求'),
      service.synthesizeToCache('同时请求'),
    ]);
    expect(a?.hash).toBe(b?.hash);
    expect([a?.cacheHit, b?.cacheHit]).toEqual([false, false]);
    expect((await service.synthesizeToCache('同时请求'))?.cacheHit).toBe(true);
  });

  it('skips empty text and text the engine cannot say', async () => {
    expect(await service.synthesizeToCache(' \u0000\n ')).toBeNull();
    expect(await service.synthesizeToCache('OK!')).toBeNull();
  });

  it('converts to MP3 from the WAV when the MP3 is missing', async () => {
    const result = await service.synthesizeToCache('转换');
    if (!result) throw new Error('expected audio');
    rmSync(path.join(dir, result.hash, 'audio.mp3'));
    const mp3 = await service.cache.mp3(result.hash);
    expect(mp3?.[0]).toBe(0xff);
    expect(existsSync(path.join(dir, result.hash, 'audio.mp3'))).toBe(true);
    expect(await service.cache.mp3('0'.repeat(64))).toBeNull();
  });
});

describe('engine choice from configuration', () => {
  it('uses espeak-ng without a DashScope key and CosyVoice with one', () => {
    expect(createTtsEngine(testConfig())).toBeInstanceOf(EspeakEngine);
    expect(createTtsEngine(testConfig({ DASHSCOPE_API_KEY: 'sk-x' }))).toBeInstanceOf(CosyVoiceEngine);
    expect(createTtsEngine(testConfig({ DASHSCOPE_API_KEY: 'sk-x', TTS_ENGINE: 'espeak' }))).toBeInstanceOf(
      EspeakEngine,
    );
  });

  it('reports a forced CosyVoice without a key as not ready', async () => {
    const service = ttsServiceFor(testConfig({ TTS_ENGINE: 'cosyvoice' }));
    expect(await service.report()).toEqual({
      kind: 'tts',
      name: 'cosyvoice:cosyvoice-v3-flash',
      ready: false,
      detail: 'DASHSCOPE_API_KEY is not set',
    });
  });
});
