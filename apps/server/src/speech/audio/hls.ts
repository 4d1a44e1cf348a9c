import { mp3Frames } from './mp3.js';

/** Target length of one HLS segment. */
export const HLS_SEGMENT_S = 2;
export const HLS_PLAYLIST = 'index.m3u8';

/** The file name of segment `n` of a cached synthesis. */
export function hlsSegmentName(n: number): string {
  return `seg-${n}.mp3`;
}

export interface HlsPackage {
  playlist: string;
  segments: Buffer[];
  /** Seconds of audio in each segment. */
  durations: number[];
}

const TIMESTAMP_OWNER = 'com.apple.streaming.transportStreamTimestamp';

/**
 * The ID3 PRIV tag every packed-audio segment starts with (RFC 8216 §3.4): the 33-bit MPEG-2
 * timestamp (90 kHz) of its first sample, so players can line segments up.
 */
export function id3Timestamp(seconds: number): Buffer {
  const ticks = BigInt(Math.round(seconds * 90_000)) & ((1n << 33n) - 1n);
  const owner = Buffer.from(`${TIMESTAMP_OWNER}\0`, 'latin1');
  const stamp = Buffer.alloc(8);
  stamp.writeBigUInt64BE(ticks);
  const frameBody = Buffer.concat([owner, stamp]);
  const frame = Buffer.concat([
    Buffer.from('PRIV', 'latin1'),
    syncsafe(frameBody.length),
    Buffer.from([0, 0]),
    frameBody,
  ]);
  return Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 4, 0, 0]), syncsafe(frame.length), frame]);
}

function syncsafe(n: number): Buffer {
  return Buffer.from([(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f]);
}

/**
 * Cuts an MP3 stream at frame boundaries into segments of about HLS_SEGMENT_S and writes the VOD
 * playlist for them. Cutting one encoded stream (rather than encoding each piece) keeps the audio
 * gapless: concatenated segment payloads are exactly the original stream.
 */
export function packageHls(mp3: Buffer, segmentS = HLS_SEGMENT_S): HlsPackage {
  const frames = mp3Frames(mp3);
  const segments: Buffer[] = [];
  const durations: number[] = [];
  let start = 0;
  let elapsed = 0;
  while (start < frames.length) {
    let end = start;
    let seconds = 0;
    while (end < frames.length && (seconds < segmentS || end === start)) {
      const frame = frames[end];
      if (!frame) break;
      seconds += frame.samples / frame.sampleRate;
      end++;
    }
    const first = frames[start];
    const last = frames[end - 1];
    if (!first || !last) break;
    segments.push(
      Buffer.concat([id3Timestamp(elapsed), mp3.subarray(first.offset, last.offset + last.length)]),
    );
    durations.push(seconds);
    elapsed += seconds;
    start = end;
  }
  // EXTINF rounded to the nearest integer must not exceed the target duration (RFC 8216 §4.3.3.1).
  const target = Math.max(1, ...durations.map((d) => Math.round(d)));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${target}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
  ];
  durations.forEach((d, i) => lines.push(`#EXTINF:${d.toFixed(3)},`, hlsSegmentName(i)));
  lines.push('#EXT-X-ENDLIST', '');
  return { playlist: lines.join('\n'), segments, durations };
}
