import { beforeAll, describe, expect, it } from 'vitest';
import { decodeRecording, sniffRecording, UnsupportedAudioError } from './decode-recording.js';
import { recordToneInChromium } from './standins/browser-recording.js';
import { dominantHz, tone } from './standins/tone.js';
import { encodeWav } from './wav.js';
import { demuxWebmAudio } from './webm-demuxer.js';
import { decodeWebmOpus, parseOpusHead } from './webm-opus.js';

describe('WebM/Opus from a real browser recording', () => {
  let webm: Buffer;
  beforeAll(async () => {
    // Chromium's MediaRecorder, exactly as the web app records (see browser-recording.ts).
    webm = await recordToneInChromium(440, 1.2);
  }, 60_000);

  it('demuxes the Opus track and its OpusHead', () => {
    const { track, frames } = demuxWebmAudio(webm);
    expect(track.codecId).toBe('A_OPUS');
    const head = parseOpusHead(track.codecPrivate ?? new Uint8Array());
    expect(head.mappingFamily).toBe(0);
    expect([1, 2]).toContain(head.channels);
    expect(frames.length).toBeGreaterThan(10);
  });

  it('decodes to 16 kHz mono PCM holding the recorded tone', async () => {
    const pcm = await decodeWebmOpus(webm);
    const seconds = pcm.length / 16000;
    expect(seconds).toBeGreaterThan(0.9);
    expect(seconds).toBeLessThan(1.5);
    expect(Math.abs(dominantHz(pcm, 16000) - 440)).toBeLessThanOrEqual(3);
    const peak = pcm.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
    // The tone was recorded at half scale.
    expect(peak / 32768).toBeGreaterThan(0.35);
    expect(peak / 32768).toBeLessThan(0.7);
  });

  it('decodes what arrived of a recording cut short', async () => {
    const half = await decodeWebmOpus(webm.subarray(0, Math.floor(webm.length / 2)));
    expect(half.length).toBeGreaterThan(0.3 * 16000);
    expect(Math.abs(dominantHz(half, 16000) - 440)).toBeLessThanOrEqual(3);
  });

  it('picks the decoder by content and refuses other formats', async () => {
    expect(sniffRecording(webm)).toBe('webm');
    const wav = encodeWav(tone(300, 0.5, 22050), 22050);
    expect(sniffRecording(wav)).toBe('wav');
    const fromWav = await decodeRecording(wav);
    expect(fromWav.length).toBe(8000);
    expect(Math.abs(dominantHz(fromWav, 16000) - 300)).toBeLessThanOrEqual(2);
    await expect(decodeRecording(Buffer.from('ID3\u0004 not audio we read'))).rejects.toThrow(
      UnsupportedAudioError,
    );
    const vorbis = Buffer.from(webm);
    vorbis.set(Buffer.from('A_VORB'), vorbis.indexOf('A_OPUS'));
    await expect(decodeRecording(vorbis)).rejects.toThrow('unsupported WebM audio codec A_VORB');
  });
});
