/**
 * A small Matroska/WebM demuxer: enough to take the audio frames out of what a browser's
 * MediaRecorder writes (live WebM with unknown-size Segment and Clusters, SimpleBlocks), and
 * of ordinary files (sized elements, BlockGroups, laced blocks).
 */

/** Bytes that are not WebM, or WebM we cannot take apart. */
export class WebmError extends Error {}

export interface WebmTrack {
  number: number;
  type: number;
  codecId: string;
  codecPrivate: Uint8Array | null;
  channels: number;
  samplingFrequency: number;
}

export interface WebmAudio {
  track: WebmTrack;
  /** The track's frames in file order, lacing undone. */
  frames: Uint8Array[];
}

const ID = {
  ebml: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  cluster: 0x1f43b675,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  trackType: 0x83,
  codecId: 0x86,
  codecPrivate: 0x63a2,
  audio: 0xe1,
  samplingFrequency: 0xb5,
  channels: 0x9f,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
} as const;

// Master elements whose children we read in line. Their own size does not matter, which is what
// makes live recordings (size "unknown") readable: we never need to know where they end.
const DESCEND = new Set<number>([ID.segment, ID.cluster, ID.tracks, ID.trackEntry, ID.audio, ID.blockGroup]);
const TRACK_TYPE_AUDIO = 2;
const UNKNOWN = -1;

interface Vint {
  value: number;
  length: number;
}

/** Reads an EBML variable-length integer; `keepMarker` for element ids. Null when cut short. */
function readVint(bytes: Uint8Array, at: number, keepMarker: boolean): Vint | null {
  const first = bytes[at];
  if (first === undefined) return null;
  if (first === 0) throw new WebmError(`invalid EBML number at byte ${at}`);
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const b = bytes[at + i] ?? 0;
    if (b !== 0xff) allOnes = false;
    value = value * 256 + b;
  }
  if (!keepMarker && allOnes) return { value: UNKNOWN, length };
  if (!Number.isSafeInteger(value)) throw new WebmError(`EBML number too large at byte ${at}`);
  return { value, length };
}

interface ElementHeader {
  id: number;
  size: number;
  dataStart: number;
}

function readHeader(bytes: Uint8Array, at: number): ElementHeader | null {
  const id = readVint(bytes, at, true);
  if (!id) return null;
  const size = readVint(bytes, at + id.length, false);
  if (!size) return null;
  return { id: id.value, size: size.value, dataStart: at + id.length + size.length };
}

function readUint(data: Uint8Array): number {
  let value = 0;
  for (const b of data) value = value * 256 + b;
  return value;
}

function readFloat(data: Uint8Array): number {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (data.length === 4) return view.getFloat32(0);
  if (data.length === 8) return view.getFloat64(0);
  return 0;
}

function text(data: Uint8Array): string {
  return Buffer.from(data).toString('latin1').replace(/\0+$/, '');
}

/** True when the bytes start with an EBML header (WebM or Matroska). */
export function looksLikeWebm(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3
  );
}

function readDocType(bytes: Uint8Array, header: ElementHeader): string {
  const end = header.dataStart + header.size;
  let at = header.dataStart;
  while (at < end) {
    const child = readHeader(bytes, at);
    if (!child || child.size === UNKNOWN) break;
    if (child.id === ID.docType) return text(bytes.subarray(child.dataStart, child.dataStart + child.size));
    at = child.dataStart + child.size;
  }
  return '';
}

/** Splits a Block/SimpleBlock body into its track number and frames. */
export function parseBlock(body: Uint8Array): { track: number; frames: Uint8Array[] } {
  const track = readVint(body, 0, false);
  if (!track || track.value === UNKNOWN) throw new WebmError('block without a track number');
  const flagsAt = track.length + 2;
  const flags = body[flagsAt];
  if (flags === undefined) throw new WebmError('block cut short');
  const lacing = (flags >> 1) & 3;
  let at = flagsAt + 1;
  if (lacing === 0) return { track: track.value, frames: [body.subarray(at)] };
  const count = (body[at] ?? 0) + 1;
  at += 1;
  const sizes: number[] = [];
  if (lacing === 1) {
    // Xiph lacing: each size is a run of 255s plus a final byte below 255.
    for (let i = 0; i < count - 1; i++) {
      let size = 0;
      let b: number;
      do {
        b = body[at++] ?? 0;
        size += b;
      } while (b === 255 && at < body.length);
      sizes.push(size);
    }
  } else if (lacing === 3) {
    // EBML lacing: the first size as is, the others as signed differences from the one before.
    const first = readVint(body, at, false);
    if (!first) throw new WebmError('block cut short');
    sizes.push(first.value);
    at += first.length;
    for (let i = 1; i < count - 1; i++) {
      const diff = readVint(body, at, false);
      if (!diff) throw new WebmError('block cut short');
      const bias = 2 ** (7 * diff.length - 1) - 1;
      sizes.push((sizes[i - 1] ?? 0) + diff.value - bias);
      at += diff.length;
    }
  } else {
    const each = (body.length - at) / count;
    if (!Number.isInteger(each)) throw new WebmError('fixed-size lacing does not divide the block');
    for (let i = 0; i < count - 1; i++) sizes.push(each);
  }
  const known = sizes.reduce((n, s) => n + s, 0);
  if (sizes.some((s) => s < 0) || at + known > body.length)
    throw new WebmError('lace sizes exceed the block');
  sizes.push(body.length - at - known);
  const frames: Uint8Array[] = [];
  for (const size of sizes) {
    frames.push(body.subarray(at, at + size));
    at += size;
  }
  return { track: track.value, frames };
}

/** Finds the first audio track and returns its frames. A file cut short keeps what came before. */
export function demuxWebmAudio(bytes: Uint8Array): WebmAudio {
  const header = readHeader(bytes, 0);
  if (!header || header.id !== ID.ebml || header.size === UNKNOWN) throw new WebmError('not an EBML file');
  const docType = readDocType(bytes, header);
  if (docType !== 'webm' && docType !== 'matroska')
    throw new WebmError(`not a WebM file (doc type "${docType}")`);

  const tracks: WebmTrack[] = [];
  const blocks: { track: number; frames: Uint8Array[] }[] = [];
  let at = header.dataStart + header.size;
  while (at < bytes.length) {
    const el = readHeader(bytes, at);
    if (!el) break;
    if (DESCEND.has(el.id)) {
      if (el.id === ID.trackEntry) {
        tracks.push({
          number: 0,
          type: 0,
          codecId: '',
          codecPrivate: null,
          channels: 1,
          samplingFrequency: 8000,
        });
      }
      at = el.dataStart;
      continue;
    }
    if (el.size === UNKNOWN) throw new WebmError(`element 0x${el.id.toString(16)} has unknown size`);
    const end = el.dataStart + el.size;
    if (end > bytes.length) break;
    const data = bytes.subarray(el.dataStart, end);
    const track = tracks.at(-1);
    switch (el.id) {
      case ID.simpleBlock:
      case ID.block:
        blocks.push(parseBlock(data));
        break;
      case ID.trackNumber:
        if (track) track.number = readUint(data);
        break;
      case ID.trackType:
        if (track) track.type = readUint(data);
        break;
      case ID.codecId:
        if (track) track.codecId = text(data);
        break;
      case ID.codecPrivate:
        if (track) track.codecPrivate = data;
        break;
      case ID.channels:
        if (track) track.channels = readUint(data);
        break;
      case ID.samplingFrequency:
        if (track) track.samplingFrequency = readFloat(data);
        break;
      default:
        break;
    }
    at = end;
  }
  const audio = tracks.find((t) => t.type === TRACK_TYPE_AUDIO);
  if (!audio) throw new WebmError('WebM file has no audio track');
  return { track: audio, frames: blocks.filter((b) => b.track === audio.number).flatMap((b) => b.frames) };
}
