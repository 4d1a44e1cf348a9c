import { describe, expect, it } from 'vitest';
import { WebmError, demuxWebmAudio, looksLikeWebm, parseBlock } from './webm-demuxer.js';

/** EBML size as a variable-length integer (1, 2 or 4 bytes), or the 8-byte "unknown". */
function size(n: number | 'unknown'): number[] {
  if (n === 'unknown') return [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
  if (n < 0x7f) return [0x80 | n];
  if (n < 0x3fff) return [0x40 | (n >> 8), n & 0xff];
  return [0x10 | (n >>> 24), (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

function el(id: number[], body: number[] | Buffer, known = true): Buffer {
  const data = Buffer.from(body);
  return Buffer.concat([Buffer.from(id), Buffer.from(size(known ? data.length : 'unknown')), data]);
}

const cat = (...parts: Buffer[]) => [...Buffer.concat(parts)];
const ascii = (s: string) => [...Buffer.from(s, 'latin1')];
const frame = (n: number, fill: number) => Array.from({ length: n }, () => fill);

const header = (docType = 'webm') =>
  el([0x1a, 0x45, 0xdf, 0xa3], cat(el([0x42, 0x86], [1]), el([0x42, 0x82], ascii(docType))));
const opusHead = [...ascii('OpusHead'), 1, 1, 0x38, 0x01, 0x80, 0xbb, 0, 0, 0, 0, 0];
const float48k = [0x47, 0x3b, 0x80, 0x00];

function track(number: number, type: number, codec: string, extra: Buffer[] = []): Buffer {
  return el([0xae], cat(el([0xd7], [number]), el([0x83], [type]), el([0x86], ascii(codec)), ...extra));
}
const audioTrack = track(1, 2, 'A_OPUS', [
  el([0x63, 0xa2], opusHead),
  el([0xe1], cat(el([0x9f], [1]), el([0xb5], float48k))),
]);
const videoTrack = track(2, 1, 'V_VP8');

/** A block body: track 0x81.., int16 timecode, flags, then laced frames. */
function block(trackNumber: number, flags: number, ...rest: number[][]): number[] {
  return [0x80 | trackNumber, 0, 0, flags, ...rest.flat()];
}

describe('WebM demuxer', () => {
  it('reads a live recording: unknown-size Segment and Clusters, SimpleBlocks, other tracks ignored', () => {
    const file = Buffer.concat([
      header(),
      Buffer.from([0x18, 0x53, 0x80, 0x67, ...size('unknown')]),
      el([0x15, 0x49, 0xa9, 0x66], el([0x2a, 0xd7, 0xb1], [0x0f, 0x42, 0x40])),
      el([0x16, 0x54, 0xae, 0x6b], Buffer.concat([audioTrack, videoTrack])),
      Buffer.from([0x1f, 0x43, 0xb6, 0x75, ...size('unknown')]),
      el([0xe7], [0]),
      el([0xa3], block(1, 0x80, frame(5, 0xa1))),
      el([0xa3], block(2, 0x80, frame(9, 0xee))),
      el([0xa3], block(1, 0x80, frame(3, 0xa2))),
      Buffer.from([0x1f, 0x43, 0xb6, 0x75, ...size('unknown')]),
      el([0xe7], [0x81, 0x00]),
      el([0xa3], block(1, 0x80, frame(4, 0xa3))),
      el([0xec], frame(6, 0)),
    ]);
    expect(looksLikeWebm(file)).toBe(true);
    const { track: t, frames } = demuxWebmAudio(file);
    expect(t).toMatchObject({ number: 1, type: 2, codecId: 'A_OPUS', channels: 1, samplingFrequency: 48000 });
    expect([...(t.codecPrivate ?? [])]).toEqual(opusHead);
    expect(frames.map((f) => [...f])).toEqual([frame(5, 0xa1), frame(3, 0xa2), frame(4, 0xa3)]);
  });

  it('reads sized elements, BlockGroups and all three lacings', () => {
    const xiph = block(1, 0x02, [2], [255, 45, 2], frame(300, 1), frame(2, 2), frame(7, 3));
    // EBML lacing: first size 4, then +2 (signed, bias 63 → 65 = 0xc1), last gets the rest.
    const ebml = block(1, 0x06, [2], [0x84, 0xc1], frame(4, 4), frame(6, 5), frame(1, 6));
    const fixed = block(1, 0x04, [1], frame(3, 7), frame(3, 8));
    const file = Buffer.concat([
      header('matroska'),
      el(
        [0x18, 0x53, 0x80, 0x67],
        Buffer.concat([
          el([0x16, 0x54, 0xae, 0x6b], audioTrack),
          el(
            [0x1f, 0x43, 0xb6, 0x75],
            Buffer.concat([
              el([0xe7], [0]),
              el([0xa0], el([0xa1], xiph)),
              el([0xa3], ebml),
              el([0xa3], fixed),
            ]),
          ),
        ]),
      ),
    ]);
    const { frames } = demuxWebmAudio(file);
    expect(frames.map((f) => f.length)).toEqual([300, 2, 7, 4, 6, 1, 3, 3]);
    expect(frames.map((f) => f[0])).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('keeps the frames before a cut-off end', () => {
    const whole = Buffer.concat([
      header(),
      Buffer.from([0x18, 0x53, 0x80, 0x67, ...size('unknown')]),
      el([0x16, 0x54, 0xae, 0x6b], audioTrack),
      Buffer.from([0x1f, 0x43, 0xb6, 0x75, ...size('unknown')]),
      el([0xa3], block(1, 0x80, frame(10, 1))),
      el([0xa3], block(1, 0x80, frame(10, 2))),
    ]);
    expect(demuxWebmAudio(whole.subarray(0, whole.length - 4)).frames.map((f) => [...f])).toEqual([
      frame(10, 1),
    ]);
  });

  it('refuses what is not WebM or has no audio', () => {
    expect(looksLikeWebm(Buffer.from('RIFF'))).toBe(false);
    expect(() => demuxWebmAudio(Buffer.from('RIFF....WAVE'))).toThrow(WebmError);
    expect(() => demuxWebmAudio(header('mp4'))).toThrow('not a WebM file (doc type "mp4")');
    const videoOnly = Buffer.concat([
      header(),
      el([0x18, 0x53, 0x80, 0x67], el([0x16, 0x54, 0xae, 0x6b], videoTrack)),
    ]);
    expect(() => demuxWebmAudio(videoOnly)).toThrow('WebM file has no audio track');
    expect(() => parseBlock(Buffer.from([0x81, 0, 0, 0x04, 1, 1, 2, 3]))).toThrow(
      'fixed-size lacing does not divide the block',
    );
  });
});
