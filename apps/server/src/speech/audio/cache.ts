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
export const audioFileSchema = z
  .string()
  .regex(/^(audio\.mp3|audio\.wav|index\.m3u8|seg-\d{1,5}\.mp3)$/, 'unknown audio file');

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
  return createHash('sha256')
    .update(JSON.stringify([engine, voice, normalisedText]))
    .digest('hex');
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
  // our own content (questions, words, idioms): never evicted by the size bound
  content: z.boolean().optional(),
});
export type AudioMeta = z.infer<typeof metaSchema>;

/** The public URLs of a cached synthesis. */
export function cachedAudioUrls(hash: string): { mp3Url: string; m3u8Url: string } {
  return {
    mp3Url: `${AUDIO_CACHE_PATH}/${hash}/${MP3_FILE}`,
    m3u8Url: `${AUDIO_CACHE_PATH}/${hash}/${HLS_PLAYLIST}`,
  };
}

/**
 * Content-addressed store of syntheses: per hash the WAV, one MP3, and the same MP3 cut into an
 * HLS playlist with ~2 s segments. meta.json is written last and marks the entry complete.
 */
export class AudioCache {
  /** Entries in least-recently-used order (a Map keeps insertion order; a use moves one to the end). */
  private index: Map<string, { bytes: number; kept: boolean }> | null = null;
  private loading: Promise<void> | null = null;
  private total = 0;

  /**
   * `maxBytes` bounds the cache (0: unbounded, AUDIO_CACHE_MAX_MB): past it the least recently used
   * entries go first, except content audio, which is always kept (decision 028, defect 3).
   */
  constructor(
    readonly store: AudioStore,
    readonly maxBytes = 0,
  ) {}

  private async meta(hash: string): Promise<AudioMeta | null> {
    const raw = await this.store.read(`${hash}/${META_FILE}`);
    if (!raw) return null;
    try {
      const parsed = metaSchema.safeParse(JSON.parse(raw.toString('utf8')));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  /** Reads what an earlier run left (stores that can list), oldest first. */
  private async loadIndex(): Promise<void> {
    if (this.index) return;
    this.loading ??= (async () => {
      const index = new Map<string, { bytes: number; kept: boolean }>();
      const groups = (await this.store.groups?.()) ?? [];
      groups.sort((a, b) => a.changedMs - b.changedMs);
      let total = 0;
      for (const g of groups) {
        if (!audioHashSchema.safeParse(g.name).success) continue;
        index.set(g.name, { bytes: g.bytes, kept: (await this.meta(g.name))?.content === true });
        total += g.bytes;
      }
      this.index = index;
      this.total = total;
    })();
    await this.loading;
  }

  private touch(hash: string): void {
    const entry = this.index?.get(hash);
    if (!entry || !this.index) return;
    this.index.delete(hash);
    this.index.set(hash, entry);
  }

  /** Size of the entries the bound counts, in bytes (for tests and the health of the disk). */
  async sizeBytes(): Promise<number> {
    await this.loadIndex();
    return this.total;
  }

  /** Removes one entry: its meta first, so a reader never takes a half-removed entry as complete. */
  async remove(hash: string): Promise<void> {
    const meta = await this.meta(hash);
    await this.store.remove(`${hash}/${META_FILE}`);
    const files = [WAV_FILE, MP3_FILE, HLS_PLAYLIST];
    for (let i = 0; i < (meta?.segments ?? 0); i++) files.push(hlsSegmentName(i));
    await Promise.all(files.map((f) => this.store.remove(`${hash}/${f}`)));
    const entry = this.index?.get(hash);
    if (entry) {
      this.index?.delete(hash);
      this.total -= entry.bytes;
    }
  }

  /** Drops least recently used entries that are not content until the cache fits its bound. */
  private async evict(): Promise<void> {
    if (this.maxBytes <= 0 || !this.index) return;
    for (const [hash, entry] of [...this.index]) {
      if (this.total <= this.maxBytes) return;
      if (!entry.kept) await this.remove(hash);
    }
  }

  /** The entry for `hash` when it is complete, else null. */
  async lookup(hash: string): Promise<CachedAudio | null> {
    const meta = await this.meta(hash);
    if (!meta) return null;
    this.touch(hash);
    return { hash, durationMs: meta.durationMs, ...cachedAudioUrls(hash) };
  }

  /** Encodes and stores one synthesis (PCM at `sampleRate`, resampled to TTS_SAMPLE_RATE if needed). */
  async save(
    hash: string,
    pcm: Int16Array,
    info: { engine: string; voice: string; text: string; sampleRate?: number; content?: boolean },
  ): Promise<CachedAudio> {
    if (this.maxBytes > 0) await this.loadIndex();
    const samples = resamplePcm(pcm, info.sampleRate ?? TTS_SAMPLE_RATE, TTS_SAMPLE_RATE);
    const mp3 = await encodeMp3(samples, TTS_SAMPLE_RATE);
    const hls = packageHls(mp3);
    const durationMs = samplesToMs(samples.length, TTS_SAMPLE_RATE);
    const wav = encodeWav(samples, TTS_SAMPLE_RATE);
    await this.store.write(`${hash}/${WAV_FILE}`, wav, audioContentType(WAV_FILE));
    await this.store.write(`${hash}/${MP3_FILE}`, mp3, audioContentType(MP3_FILE));
    await Promise.all(
      hls.segments.map((seg, i) =>
        this.store.write(`${hash}/${hlsSegmentName(i)}`, seg, audioContentType('x.mp3')),
      ),
    );
    await this.store.write(
      `${hash}/${HLS_PLAYLIST}`,
      Buffer.from(hls.playlist, 'utf8'),
      audioContentType(HLS_PLAYLIST),
    );
    const meta: AudioMeta = {
      engine: info.engine,
      voice: info.voice,
      text: info.text,
      sampleRate: TTS_SAMPLE_RATE,
      durationMs,
      segments: hls.segments.length,
      createdAt: new Date().toISOString(),
      ...(info.content ? { content: true } : {}),
    };
    const metaBytes = Buffer.from(JSON.stringify(meta), 'utf8');
    await this.store.write(`${hash}/${META_FILE}`, metaBytes, audioContentType(META_FILE));
    if (this.index) {
      const segments = hls.segments.reduce((sum, seg) => sum + seg.length, 0);
      const bytes = wav.length + mp3.length + segments + Buffer.byteLength(hls.playlist) + metaBytes.length;
      const old = this.index.get(hash);
      this.index.delete(hash);
      this.index.set(hash, { bytes, kept: info.content === true || old?.kept === true });
      this.total += bytes - (old?.bytes ?? 0);
      await this.evict();
    }
    return { hash, durationMs, ...cachedAudioUrls(hash) };
  }

  /** Marks a cached entry as content (kept by the size bound), e.g. when pre-generation finds it cached. */
  async pin(hash: string): Promise<void> {
    const meta = await this.meta(hash);
    if (!meta || meta.content) return;
    const body = Buffer.from(JSON.stringify({ ...meta, content: true }), 'utf8');
    await this.store.write(`${hash}/${META_FILE}`, body, audioContentType(META_FILE));
    const entry = this.index?.get(hash);
    if (entry) entry.kept = true;
  }

  /** One stored file of an entry, or null. */
  async readFile(hash: string, file: string): Promise<Buffer | null> {
    this.touch(hash);
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
