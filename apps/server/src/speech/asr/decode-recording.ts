import { ASR_SAMPLE_RATE } from '@kouyu/core';
import { float32ToInt16, resample } from './audio.js';
import { WavError, looksLikeWav, parseWav } from './wav.js';
import { WebmError, looksLikeWebm } from './webm-demuxer.js';
import { decodeWebmOpus } from './webm-opus.js';

/** A recording in a container or codec we do not read. */
export class UnsupportedAudioError extends Error {}

/** Which decoder the bytes call for, by their first bytes rather than the declared type. */
export function sniffRecording(bytes: Uint8Array): 'wav' | 'webm' | null {
  if (looksLikeWav(bytes)) return 'wav';
  if (looksLikeWebm(bytes)) return 'webm';
  return null;
}

/**
 * Decodes an uploaded recording (browser WebM/Opus or WAV) to 16 kHz mono Int16 PCM, without
 * ffmpeg. An empty result means the file held no audio.
 */
export async function decodeRecording(bytes: Uint8Array): Promise<Int16Array> {
  try {
    switch (sniffRecording(bytes)) {
      case 'wav': {
        const { samples, sampleRate } = parseWav(bytes);
        return float32ToInt16(resample(samples, sampleRate, ASR_SAMPLE_RATE));
      }
      case 'webm':
        return await decodeWebmOpus(bytes);
      default:
        throw new UnsupportedAudioError('not a WAV or WebM file');
    }
  } catch (err) {
    if (err instanceof WavError || err instanceof WebmError)
      throw new UnsupportedAudioError(err.message, { cause: err });
    throw err;
  }
}
