import { createHash } from 'node:crypto';
import { z } from 'zod';
import { TTS_SAMPLE_RATE } from '@kouyu/core';
import { HLS_PLAYLIST, hlsSegmentName, packageHls } from './hls.js';
import { encodeMp3 } from './mp3.js';
import type { AudioStore } from './store.js';
import { decodeWav, encodeWav, resamplePcm, samplesToMs } from './wav.js';

/** Public path the cached files are served under (see routes/v1/tts). */
export const AUDIO_CACHE_PATH = '/api/v1/audio/cache';
export const MP3_FILE = 'audio.mp3';
export const WAV_FILE = 'audio.wav';
const META_FILE = 'meta.json';

/** A content hash: 64 lowercase hex digits. */
export const audioHashSchema = z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 hex digits');
/** Files a client may fetch from a cached synthesis. */
export const audioFileSchema = z.string().regex(/^(audio\.mp3|audio\.wav|index\.m3u8|seg-\d{1,5}\.mp3)$/, 'unknown audio file');

const CONTENT_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m3u8: 'application/vnd.apple.mpegurl',
  json: 'application/json',
};

/** The Content-Type of a cached file, from its extension. */
export function audioContentType(file: string): string {
  return CONTENT_TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/** Cache key of one synthesis: what made the audio (engine, voice) and what it says. */
export function audioHash(engine: string, voice: string, normalisedText: string): string {
  // JSON keeps the three fields apart: no choice of text can imitate another engine's key.
  return createHash('sha256').update(JSON.stringify([engine, voice, normalisedText])).digest('hex');
}

export interface CachedAudio {
  hash: string;
  mp3Url: string;
  m3u8Url: string;
  durationMs: number;
}

const metaSchema = z.object({
  engine: z.string(),
  voice: z.string(),
  text: z.string(),
  sampleRate: z.number().int(),
  durationMs: z.number().int(),
  segments: z.number().int(),
  createdAt: z.string(),
});
export type AudioMeta = z.infer<typeof metaSchema>;

/** The public URLs of a cached synthesis. */
export function cachedAudioUrls(hash: string): { mp3Url: string; m3u8Url: string } {
  return { mp3Url: `${AUDIO_CACHE_PATH}/${hash}/${MP3_FILE}`, m3u8Url: `${AUDIO_CACHE_PATH}/${hash}/${HLS_PLAYLIST}` };
}

/**
 * Content-addressed store of syntheses: per hash the WAV, one MP3, and the same MP3 cut into an
 * HLS playlist with ~2 s segments. meta.json is written last and marks the entry complete.
 */
export class AudioCache {
  constructor(readonly store: AudioStore) {}

  /** The entry for `hash` when it is complete, else null. */
  async lookup(hash: string): Promise<CachedAudio | null> {
    const raw = await this.store.read(`${hash}/${META_FILE}`);
    if (!raw) return null;
    const parsed = metaSchema.safeParse(JSON.parse(raw.toString('utf8')));
    if (!parsed.success) return null;
    return { hash, durationMs: parsed.data.durationMs, ...cachedAudioUrls(hash) };
  }

  /** Encodes and stores one synthesis (PCM at `sampleRate`, resampled to TTS_SAMPLE_RATE if needed). */
  async save(
    hash: string,
    pcm: Int16Array,
    info: { engine: string; voice: string; text: string; sampleRate?: number },
  ): Promise<CachedAudio> {
    const samples = resamplePcm(pcm, info.sampleRate ?? TTS_SAMPLE_RATE, TTS_SAMPLE_RATE);
    const mp3 = await encodeMp3(samples, TTS_SAMPLE_RATE);
    const hls = packageHls(mp3);
    const durationMs = samplesToMs(samples.length, TTS_SAMPLE_RATE);
    await this.store.write(`${hash}/${WAV_FILE}`, encodeWav(samples, TTS_SAMPLE_RATE), audioContentType(WAV_FILE));
    await this.store.write(`${hash}/${MP3_FILE}`, mp3, audioContentType(MP3_FILE));
    await Promise.all(
      hls.segments.map((seg, i) => this.store.write(`${hash}/${hlsSegmentName(i)}`, seg, audioContentType('x.mp3'))),
    );
    await this.store.write(`${hash}/${HLS_PLAYLIST}`, Buffer.from(hls.playlist, 'utf8'), audioContentType(HLS_PLAYLIST));
    const meta: AudioMeta = {
      engine: info.engine,
      voice: info.voice,
      text: info.text,
      sampleRate: TTS_SAMPLE_RATE,
      durationMs,
      segments: hls.segments.length,
      createdAt: new Date().toISOString(),
    };
    await this.store.write(`${hash}/${META_FILE}`, Buffer.from(JSON.stringify(meta), 'utf8'), audioContentType(META_FILE));
    return { hash, durationMs, ...cachedAudioUrls(hash) };
  }

  /** One stored file of an entry, or null. */
  async readFile(hash: string, file: string): Promise<Buffer | null> {
    return this.store.read(`${hash}/${file}`);
  }

  /**
   * The entry as MP3 for the player's last fallback: the stored MP3, or one encoded from the
   * stored WAV (and kept for next time). Null when neither exists.
   */
  async mp3(hash: string): Promise<Buffer | null> {
    const mp3 = await this.store.read(`${hash}/${MP3_FILE}`);
    if (mp3) return mp3;
    const wav = await this.store.read(`${hash}/${WAV_FILE}`);
    if (!wav) return null;
    const { sampleRate, pcm } = decodeWav(wav);
    const encoded = await encodeMp3(resamplePcm(pcm, sampleRate, TTS_SAMPLE_RATE), TTS_SAMPLE_RATE);
    await this.store.write(`${hash}/${MP3_FILE}`, encoded, audioContentType(MP3_FILE));
    return encoded;
  }
}
