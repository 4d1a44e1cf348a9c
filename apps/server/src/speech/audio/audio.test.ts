import { describe, expect, it } from 'vitest';
import { TTS_SAMPLE_RATE } from '@kouyu/core';
import { HLS_SEGMENT_S, hlsSegmentName, id3Timestamp, packageHls } from './hls.js';
import { encodeMp3, id3TagLength, mp3DurationS, mp3Frames, readMp3FrameHeader } from './mp3.js';
import {
  bytesToPcm,
  decodeWav,
  encodeWav,
  parseWavHeader,
  PcmAssembler,
  pcmRms,
  pcmToBytes,
  resamplePcm,
} from './wav.js';

function tone(seconds: number, hz = 440, rate = TTS_SAMPLE_RATE): Int16Array {
  const pcm = new Int16Array(Math.round(seconds * rate));
  for (let i = 0; i < pcm.length; i++) pcm[i] = Math.round(8000 * Math.sin((2 * Math.PI * hz * i) / rate));
  return pcm;
}

/** Parses an HLS media playlist into its tags and segment entries. */
function parsePlaylist(text: string) {
  const lines = text.trim().split('\n');
  const entries: { duration: number; uri: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^#EXTINF:([\d.]+),/.exec(lines[i] ?? '');
    if (m) entries.push({ duration: Number(m[1]), uri: lines[++i] ?? '' });
  }
  const target = Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(text)?.[1]);
  return { first: lines[0], last: lines.at(-1), target, entries };
}

describe('WAV and PCM', () => {
  it('round-trips samples through a WAV file', () => {
    const pcm = tone(0.5);
    const wav = encodeWav(pcm, TTS_SAMPLE_RATE);
    expect(parseWavHeader(wav)).toMatchObject({
      sampleRate: 22050,
      channels: 1,
      bitsPerSample: 16,
      dataOffset: 44,
      dataLength: pcm.length * 2,
    });
    const back = decodeWav(wav);
    expect(back.sampleRate).toBe(22050);
    expect(Array.from(back.pcm)).toEqual(Array.from(pcm));
  });

  it('waits for a whole header and rejects non-WAV bytes', () => {
    const wav = encodeWav(tone(0.1), TTS_SAMPLE_RATE);
    expect(parseWavHeader(wav.subarray(0, 30))).toBeNull();
    expect(() => parseWavHeader(Buffer.from('ID3\u0004 not a wave file'))).toThrow(/RIFF/);
  });

  it('assembles samples across chunks split at odd byte offsets', () => {
    const pcm = Int16Array.from([1, -2, 300, -32768, 32767]);
    const bytes = Buffer.from(pcmToBytes(pcm));
    const assembler = new PcmAssembler();
    const parts = [
      assembler.push(bytes.subarray(0, 3)),
      assembler.push(bytes.subarray(3, 7)),
      assembler.push(bytes.subarray(7)),
    ];
    expect(parts.flatMap((p) => Array.from(p))).toEqual(Array.from(pcm));
    expect(Array.from(bytesToPcm(bytes.subarray(1, 5)))).toHaveLength(2);
  });

  it('resamples to the target rate keeping the tone', () => {
    const at16k = tone(1, 440, 16000);
    const up = resamplePcm(at16k, 16000, TTS_SAMPLE_RATE);
    expect(up.length).toBe(22050);
    expect(pcmRms(up)).toBeCloseTo(pcmRms(at16k), 2);
    expect(resamplePcm(at16k, 16000, 16000)).toBe(at16k);
  });
});

describe('MP3 encoding', () => {
  it('writes MPEG-2 Layer III frames at 22050 Hz whose playing time matches the input', async () => {
    const mp3 = await encodeMp3(tone(3), TTS_SAMPLE_RATE);
    // Frame sync: 11 set bits; 0xF3 = MPEG-2, Layer III, no CRC.
    expect(mp3[0]).toBe(0xff);
    expect(mp3[1]).toBe(0xf3);
    const frames = mp3Frames(mp3);
    expect(frames.length).toBeGreaterThan(100);
    expect(frames.every((f) => f.sampleRate === 22050 && f.samples === 576)).toBe(true);
    // Every byte belongs to a frame.
    const last = frames.at(-1);
    expect(last && last.offset + last.length).toBe(mp3.length);
    // The encoder adds its delay and pads the last frame: a little over the input, never less.
    expect(mp3DurationS(mp3)).toBeGreaterThanOrEqual(3);
    expect(mp3DurationS(mp3)).toBeLessThan(3.15);
    // About 48 kbit/s.
    expect((mp3.length * 8) / mp3DurationS(mp3) / 1000).toBeCloseTo(48, 0);
  });

  it('finds no frame where there is no sync word', () => {
    expect(readMp3FrameHeader(Buffer.from([0xff, 0x00, 0x00, 0x00]), 0)).toBeNull();
    expect(mp3Frames(Buffer.from('not audio at all'))).toEqual([]);
  });
});

describe('HLS packed audio', () => {
  it('cuts the MP3 into ~2 s segments that add up to the whole stream', async () => {
    const mp3 = await encodeMp3(tone(7.3), TTS_SAMPLE_RATE);
    const hls = packageHls(mp3);
    const playlist = parsePlaylist(hls.playlist);
    expect(playlist.first).toBe('#EXTM3U');
    expect(playlist.last).toBe('#EXT-X-ENDLIST');
    expect(hls.playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(playlist.entries.map((e) => e.uri)).toEqual(hls.segments.map((_, i) => hlsSegmentName(i)));
    expect(playlist.entries).toHaveLength(4);
    for (const entry of playlist.entries)
      expect(Math.round(entry.duration)).toBeLessThanOrEqual(playlist.target);
    for (const entry of playlist.entries.slice(0, -1)) expect(entry.duration).toBeCloseTo(HLS_SEGMENT_S, 1);
    const total = playlist.entries.reduce((s, e) => s + e.duration, 0);
    expect(total).toBeCloseTo(mp3DurationS(mp3), 2);
    // Each segment = an ID3 timestamp tag + frames; the frames joined are the original stream.
    const payloads = hls.segments.map((seg) => seg.subarray(id3TagLength(seg)));
    expect(Buffer.concat(payloads).equals(mp3)).toBe(true);
    expect(payloads.every((p) => p[0] === 0xff && ((p[1] ?? 0) & 0xe0) === 0xe0)).toBe(true);
  });

  it('stamps each segment with its start time in 90 kHz ticks', async () => {
    const mp3 = await encodeMp3(tone(4.5), TTS_SAMPLE_RATE);
    const hls = packageHls(mp3);
    const second = hls.segments[1];
    if (!second) throw new Error('expected two segments');
    const tag = second.subarray(0, id3TagLength(second));
    expect(tag.subarray(0, 3).toString('latin1')).toBe('ID3');
    expect(tag.toString('latin1')).toContain('com.apple.streaming.transportStreamTimestamp\0');
    expect(tag.readBigUInt64BE(tag.length - 8)).toBe(BigInt(Math.round((hls.durations[0] ?? 0) * 90_000)));
    expect(id3Timestamp(0).length).toBe(10 + 10 + 45 + 8);
  });
});
