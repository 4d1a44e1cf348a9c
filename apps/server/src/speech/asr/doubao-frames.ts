/**
 * Binary framing of Volcengine/Doubao big-model streaming ASR (see the shared protocols guide):
 * a 4-byte big-endian header, then an optional int32 sequence, a uint32 payload size and the
 * payload (JSON or audio, optionally gzip-compressed). Error frames carry a uint32 code instead
 * of the sequence.
 */
import { gunzipSync, gzipSync } from 'node:zlib';

export const PROTOCOL_VERSION = 0b0001;
export const HEADER_WORDS = 0b0001;

export const MessageType = {
  fullClientRequest: 0b0001,
  audioOnly: 0b0010,
  fullServerResponse: 0b1001,
  error: 0b1111,
} as const;

export const Flags = {
  none: 0b0000,
  positiveSequence: 0b0001,
  last: 0b0010,
  lastNegativeSequence: 0b0011,
} as const;

export const Serialization = { none: 0b0000, json: 0b0001 } as const;
export const Compression = { none: 0b0000, gzip: 0b0001 } as const;

/** A frame that does not follow the framing rules. */
export class FrameError extends Error {}

export interface FrameHeader {
  type: number;
  flags: number;
  serialization: number;
  compression: number;
}

/** The four header bytes. */
export function encodeHeader(h: FrameHeader): Buffer {
  return Buffer.from([
    (PROTOCOL_VERSION << 4) | HEADER_WORDS,
    ((h.type & 0xf) << 4) | (h.flags & 0xf),
    ((h.serialization & 0xf) << 4) | (h.compression & 0xf),
    0,
  ]);
}

function frame(header: FrameHeader, sequence: number | null, payload: Buffer): Buffer {
  const body = header.compression === Compression.gzip ? gzipSync(payload) : payload;
  const parts = [encodeHeader(header)];
  if (sequence !== null) {
    const seq = Buffer.alloc(4);
    seq.writeInt32BE(sequence);
    parts.push(seq);
  }
  const size = Buffer.alloc(4);
  size.writeUInt32BE(body.length);
  parts.push(size, body);
  return Buffer.concat(parts);
}

/** The full client request (first frame) with its JSON parameters and a positive sequence. */
export function encodeFullRequest(
  sequence: number,
  json: unknown,
  compression: number = Compression.gzip,
): Buffer {
  return frame(
    {
      type: MessageType.fullClientRequest,
      flags: Flags.positiveSequence,
      serialization: Serialization.json,
      compression,
    },
    sequence,
    Buffer.from(JSON.stringify(json), 'utf8'),
  );
}

/**
 * An audio packet. The last packet carries the flag "last with negative sequence" and the
 * sequence number negated, which tells the server the utterance is over.
 */
export function encodeAudio(
  sequence: number,
  audio: Buffer,
  last: boolean,
  compression: number = Compression.gzip,
): Buffer {
  return frame(
    {
      type: MessageType.audioOnly,
      flags: last ? Flags.lastNegativeSequence : Flags.positiveSequence,
      serialization: Serialization.none,
      compression,
    },
    last ? -Math.abs(sequence) : sequence,
    audio,
  );
}

export type ServerFrame =
  | { kind: 'response'; sequence: number | null; last: boolean; payload: unknown }
  | { kind: 'error'; code: number; message: string };

function inflate(body: Buffer, compression: number): Buffer {
  if (compression === Compression.none) return body;
  if (compression === Compression.gzip) {
    try {
      return gunzipSync(body);
    } catch (err) {
      throw new FrameError(`payload is not valid gzip: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  throw new FrameError(`unknown compression ${compression}`);
}

/** Reads the header fields. */
export function decodeHeader(data: Buffer): FrameHeader & { headerBytes: number } {
  if (data.length < 4) throw new FrameError('frame shorter than its header');
  const version = (data[0] ?? 0) >> 4;
  if (version !== PROTOCOL_VERSION) throw new FrameError(`unknown protocol version ${version}`);
  const headerBytes = ((data[0] ?? 0) & 0xf) * 4;
  if (headerBytes < 4 || data.length < headerBytes) throw new FrameError('bad header size');
  return {
    type: (data[1] ?? 0) >> 4,
    flags: (data[1] ?? 0) & 0xf,
    serialization: (data[2] ?? 0) >> 4,
    compression: (data[2] ?? 0) & 0xf,
    headerBytes,
  };
}

/** Decodes a frame the server sent: a response with its JSON, or an error with code and message. */
export function decodeServerFrame(data: Buffer): ServerFrame {
  const h = decodeHeader(data);
  let at = h.headerBytes;
  const need = (n: number) => {
    if (data.length < at + n) throw new FrameError('frame cut short');
  };
  if (h.type === MessageType.error) {
    need(8);
    const code = data.readUInt32BE(at);
    const size = data.readUInt32BE(at + 4);
    at += 8;
    need(size);
    const message = inflate(data.subarray(at, at + size), h.compression).toString('utf8');
    return { kind: 'error', code, message };
  }
  if (h.type !== MessageType.fullServerResponse) throw new FrameError(`unexpected message type ${h.type}`);
  let sequence: number | null = null;
  if (h.flags & Flags.positiveSequence) {
    need(4);
    sequence = data.readInt32BE(at);
    at += 4;
  }
  need(4);
  const size = data.readUInt32BE(at);
  at += 4;
  need(size);
  const body = inflate(data.subarray(at, at + size), h.compression);
  let payload: unknown = null;
  if (body.length > 0) {
    if (h.serialization !== Serialization.json)
      throw new FrameError(`unexpected serialization ${h.serialization}`);
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      throw new FrameError('response payload is not JSON');
    }
  }
  return {
    kind: 'response',
    sequence,
    last: (h.flags & Flags.last) !== 0 || (sequence !== null && sequence < 0),
    payload,
  };
}

/** Decodes a frame a client sent (what the stand-in server in the tests reads). */
export function decodeClientFrame(data: Buffer): {
  header: FrameHeader;
  sequence: number | null;
  payload: Buffer;
} {
  const h = decodeHeader(data);
  let at = h.headerBytes;
  let sequence: number | null = null;
  if (h.flags & Flags.positiveSequence) {
    if (data.length < at + 4) throw new FrameError('frame cut short');
    sequence = data.readInt32BE(at);
    at += 4;
  }
  if (data.length < at + 4) throw new FrameError('frame cut short');
  const size = data.readUInt32BE(at);
  at += 4;
  if (data.length < at + size) throw new FrameError('frame cut short');
  const header = { type: h.type, flags: h.flags, serialization: h.serialization, compression: h.compression };
  return { header, sequence, payload: inflate(data.subarray(at, at + size), h.compression) };
}

/** Encodes a server response (for the stand-in server in the tests). */
export function encodeServerResponse(sequence: number, json: unknown, last: boolean): Buffer {
  return frame(
    {
      type: MessageType.fullServerResponse,
      flags: last ? Flags.lastNegativeSequence : Flags.positiveSequence,
      serialization: Serialization.json,
      compression: Compression.gzip,
    },
    last ? -Math.abs(sequence) : sequence,
    Buffer.from(JSON.stringify(json), 'utf8'),
  );
}

/** Encodes an error frame (for the stand-in server in the tests). */
export function encodeServerError(code: number, message: string): Buffer {
  const body = Buffer.from(message, 'utf8');
  const head = Buffer.alloc(8);
  head.writeUInt32BE(code, 0);
  head.writeUInt32BE(body.length, 4);
  return Buffer.concat([
    encodeHeader({
      type: MessageType.error,
      flags: Flags.none,
      serialization: Serialization.json,
      compression: Compression.none,
    }),
    head,
    body,
  ]);
}
