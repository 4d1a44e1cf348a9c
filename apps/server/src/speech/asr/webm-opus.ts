import { OpusDecoder } from 'opus-decoder';
import { ASR_SAMPLE_RATE } from '@kouyu/core';
import { float32ToInt16, mixToMono } from './audio.js';
import { WebmError, demuxWebmAudio } from './webm-demuxer.js';

export interface OpusHead {
  channels: number;
  /** Samples at 48 kHz to drop from the start (encoder delay). */
  preSkip: number;
  mappingFamily: number;
}

/** Reads the OpusHead block (RFC 7845 §5.1) that WebM keeps in the track's CodecPrivate. */
export function parseOpusHead(data: Uint8Array): OpusHead {
  if (data.length < 19 || Buffer.from(data.subarray(0, 8)).toString('latin1') !== 'OpusHead') {
    throw new WebmError('Opus track without an OpusHead');
  }
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return { channels: view.getUint8(9), preSkip: view.getUint16(10, true), mappingFamily: view.getUint8(18) };
}

/**
 * Decodes a browser's WebM/Opus recording to 16 kHz mono Int16 PCM. libopus decodes straight
 * to 16 kHz (one of its native rates), so no separate 48 kHz → 16 kHz resampling pass is needed.
 */
export async function decodeWebmOpus(bytes: Uint8Array): Promise<Int16Array> {
  const { track, frames } = demuxWebmAudio(bytes);
  if (track.codecId !== 'A_OPUS') throw new WebmError(`unsupported WebM audio codec ${track.codecId}`);
  if (frames.length === 0) return new Int16Array(0);
  const head = track.codecPrivate ? parseOpusHead(track.codecPrivate) : null;
  const channels = head?.channels ?? track.channels;
  // Mapping family 0 (mono/stereo) is what MediaRecorder writes; surround needs stream tables.
  if (channels < 1 || channels > 2 || (head && head.mappingFamily !== 0)) {
    throw new WebmError(
      `unsupported Opus channel layout (${channels} channels, family ${head?.mappingFamily ?? 0})`,
    );
  }
  const decoder = new OpusDecoder({ sampleRate: ASR_SAMPLE_RATE, channels });
  await decoder.ready;
  try {
    const decoded = decoder.decodeFrames(frames.filter((f) => f.length > 0));
    if (decoded.samplesDecoded === 0 && decoded.errors.length > 0) {
      throw new WebmError(
        `Opus frames could not be decoded: ${decoded.errors[0]?.message ?? 'unknown error'}`,
      );
    }
    const mono = mixToMono(
      decoded.channelData.slice(0, channels).map((c) => c.subarray(0, decoded.samplesDecoded)),
    );
    // Pre-skip counts 48 kHz samples; drop the same time span at our rate.
    const skip = Math.round(((head?.preSkip ?? 0) * ASR_SAMPLE_RATE) / 48000);
    return float32ToInt16(mono.subarray(Math.min(skip, mono.length)));
  } finally {
    decoder.free();
  }
}
