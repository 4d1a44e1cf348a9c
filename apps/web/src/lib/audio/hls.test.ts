import { describe, expect, it } from 'vitest';
import { audioHashOf, playlistSegments, stripId3 } from './hls';

describe('HLS segment extraction', () => {
  it('lists the segments of a playlist as absolute URLs', () => {
    const playlist = [
      '#EXTM3U',
      '#EXT-X-TARGETDURATION:2',
      '#EXTINF:2.000,',
      'seg-0.mp3',
      '#EXTINF:1.2,',
      'seg-1.mp3',
      '#EXT-X-ENDLIST',
      '',
    ].join('\n');
    expect(playlistSegments(playlist, 'http://h/api/v1/audio/cache/ab/index.m3u8')).toEqual([
      'http://h/api/v1/audio/cache/ab/seg-0.mp3',
      'http://h/api/v1/audio/cache/ab/seg-1.mp3',
    ]);
  });
  it('drops the leading ID3 tag and keeps the audio', () => {
    // ID3v2.4 header with a syncsafe size of 4, then 4 tag bytes, then an MPEG frame sync.
    const tagged = Uint8Array.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 4, 1, 2, 3, 4, 0xff, 0xfb, 0x90]);
    expect([...stripId3(tagged)]).toEqual([0xff, 0xfb, 0x90]);
    const plain = Uint8Array.from([0xff, 0xfb, 0x90]);
    expect(stripId3(plain)).toBe(plain);
  });
  it('finds the cache hash of a cached file URL', () => {
    const hash = 'a'.repeat(64);
    expect(audioHashOf(`/api/v1/audio/cache/${hash}/audio.mp3`)).toBe(hash);
    expect(audioHashOf('/content/q1.mp3')).toBeNull();
  });
});
