import { API_BASE } from '@/lib/api';
import { logDebug } from '@/lib/debug-log';
import { audioHashOf, playlistSegments, stripId3 } from './hls';
import { httpUrl } from './ws-url';

/** The browser refused to start audio without a user gesture. */
export class PlaybackBlocked extends Error {}
/** Every source of the fallback chain failed. */
export class PlaybackFailed extends Error {}
class SourceFailed extends Error {}

export interface FileSources {
  m3u8Url?: string | null;
  mp3Url?: string | null;
  /** The cache hash, for the server conversion fallback. */
  hash?: string | null;
}

export interface PlayFileOptions {
  element: HTMLAudioElement;
  signal: AbortSignal;
  onPlaying?: () => void;
}

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** The files a question carries (`audio_url`, `audio_urls`): its MP3, its HLS playlist and the cache hash. */
export function questionFiles(audioUrl: string | null, audioUrls: readonly string[]): FileSources | null {
  const urls = [audioUrl, ...audioUrls].filter((u): u is string => typeof u === 'string' && u.length > 0);
  if (urls.length === 0) return null;
  const m3u8Url = urls.find((u) => u.endsWith('.m3u8')) ?? null;
  const mp3Url = urls.find((u) => !u.endsWith('.m3u8')) ?? null;
  return { m3u8Url, mp3Url, hash: audioHashOf(mp3Url ?? m3u8Url ?? '') };
}

/** Fetches the playlist and its segments and joins their MP3 payloads into one playable file. */
async function extractSegments(m3u8Url: string, signal: AbortSignal): Promise<string> {
  const playlistUrl = httpUrl(m3u8Url);
  const res = await fetch(playlistUrl, { signal });
  if (!res.ok) throw new SourceFailed(`playlist HTTP ${res.status}`);
  const segments = playlistSegments(await res.text(), playlistUrl);
  if (segments.length === 0) throw new SourceFailed('empty playlist');
  const parts = await Promise.all(
    segments.map(async (url) => {
      const r = await fetch(url, { signal });
      if (!r.ok) throw new SourceFailed(`segment HTTP ${r.status}`);
      return stripId3(new Uint8Array(await r.arrayBuffer()));
    }),
  );
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.length;
  }
  return URL.createObjectURL(new Blob([bytes], { type: 'audio/mpeg' }));
}

function playSrc(src: string, { element, signal, onPlaying }: PlayFileOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    // Handlers are this attempt's own: a late rejection of an earlier play() must not touch the next one.
    let settled = false;
    const settle = (err?: Error) => {
      if (settled) return;
      settled = true;
      element.removeEventListener('ended', onEnded);
      element.removeEventListener('error', onError);
      element.removeEventListener('playing', onPlay);
      signal.removeEventListener('abort', onAbort);
      if (err) reject(err);
      else resolve();
    };
    const onEnded = () => settle();
    const onError = () => settle(new SourceFailed('media error'));
    const onPlay = () => {
      if (!settled) onPlaying?.();
    };
    const onAbort = () => {
      element.pause();
      settle();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    element.addEventListener('ended', onEnded);
    element.addEventListener('error', onError);
    element.addEventListener('playing', onPlay);
    element.src = src;
    element.play().catch((err: unknown) => {
      if (signal.aborted) return settle();
      settle(
        err instanceof DOMException && err.name === 'NotAllowedError'
          ? new PlaybackBlocked()
          : new SourceFailed('play rejected'),
      );
    });
  });
}

/**
 * Plays cached audio with the fallback chain of spec 001 §4: HLS where the browser plays it natively
 * (elsewhere the MP3 is the same audio), then the MP3, then the HLS segments joined in the browser,
 * then the server's conversion. A blocked autoplay stops the chain: it is not a format problem.
 */
export async function playFile(sources: FileSources, opts: PlayFileOptions): Promise<void> {
  const steps: (() => Promise<string>)[] = [];
  const { m3u8Url, mp3Url, hash } = sources;
  if (m3u8Url && opts.element.canPlayType(HLS_TYPE) !== '') steps.push(async () => httpUrl(m3u8Url));
  if (mp3Url) steps.push(async () => httpUrl(mp3Url));
  if (m3u8Url) steps.push(() => extractSegments(m3u8Url, opts.signal));
  if (hash) steps.push(async () => httpUrl(`${API_BASE}/audio/convert/${hash}`));
  for (const step of steps) {
    if (opts.signal.aborted) return;
    let src: string;
    try {
      src = await step();
    } catch {
      if (opts.signal.aborted) return;
      logDebug('audio', 'warn', 'audio source unavailable, trying the next one');
      continue;
    }
    try {
      await playSrc(src, opts);
      return;
    } catch (err) {
      if (err instanceof PlaybackBlocked) {
        logDebug('audio', 'warn', 'autoplay blocked: waiting for a tap');
        throw err;
      }
      logDebug('audio', 'warn', `could not play ${src.startsWith('blob:') ? 'joined segments' : src}`);
    } finally {
      if (src.startsWith('blob:')) URL.revokeObjectURL(src);
    }
  }
  if (!opts.signal.aborted) throw new PlaybackFailed('no source played');
}
