import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  Compression,
  FrameError,
  decodeClientFrame,
  decodeServerFrame,
  encodeAudio,
  encodeFullRequest,
  encodeServerError,
  encodeServerResponse,
} from './doubao-frames.js';

const hex = (b: Buffer) => b.toString('hex');

describe('Doubao binary framing', () => {
  it('encodes the full client request: header 11 11 11 00, int32 sequence, uint32 size, gzip JSON', () => {
    const json = { audio: { rate: 16000 } };
    const frame = encodeFullRequest(1, json);
    expect(hex(frame.subarray(0, 4))).toBe('11111100');
    expect(hex(frame.subarray(4, 8))).toBe('00000001');
    const size = frame.readUInt32BE(8);
    expect(size).toBe(frame.length - 12);
    expect(JSON.parse(gunzipSync(frame.subarray(12)).toString('utf8'))).toEqual(json);
  });

  it('encodes an uncompressed request byte for byte', () => {
    const frame = encodeFullRequest(1, { a: 1 }, Compression.none);
    expect(hex(frame)).toBe('11111000' + '00000001' + '00000007' + Buffer.from('{"a":1}').toString('hex'));
  });

  it('encodes audio packets: type 2 with a positive sequence, the last one with flags 0b0011 and the sequence negated', () => {
    const pcm = Buffer.from([1, 2, 3, 4]);
    const middle = encodeAudio(2, pcm, false, Compression.none);
    expect(hex(middle)).toBe('11210000' + '00000002' + '00000004' + '01020304');
    const last = encodeAudio(7, pcm, true, Compression.none);
    expect(hex(last)).toBe('11230000' + 'fffffff9' + '00000004' + '01020304');
    const gz = encodeAudio(3, pcm, false);
    expect(hex(gz.subarray(0, 8))).toBe('11210100' + '00000003');
    expect([...gunzipSync(gz.subarray(12))]).toEqual([1, 2, 3, 4]);
  });

  it('decodes a server response with its sequence, the last flag and gzip JSON', () => {
    const body = gzipSync(Buffer.from('{"result":{"text":"你好"}}'));
    const size = Buffer.alloc(4);
    size.writeUInt32BE(body.length);
    const partial = Buffer.concat([
      Buffer.from('11911100', 'hex'),
      Buffer.from('00000003', 'hex'),
      size,
      body,
    ]);
    expect(decodeServerFrame(partial)).toEqual({
      kind: 'response',
      sequence: 3,
      last: false,
      payload: { result: { text: '你好' } },
    });
    const final = Buffer.concat([Buffer.from('11931100', 'hex'), Buffer.from('fffffffc', 'hex'), size, body]);
    expect(decodeServerFrame(final)).toMatchObject({ kind: 'response', sequence: -4, last: true });
    expect(decodeServerFrame(encodeServerResponse(5, { x: 1 }, true))).toEqual({
      kind: 'response',
      sequence: -5,
      last: true,
      payload: { x: 1 },
    });
  });

  it('decodes an error frame: header, uint32 code, uint32 size, message', () => {
    const frame = Buffer.concat([
      Buffer.from('11f01000', 'hex'),
      Buffer.from('02aea541', 'hex'),
      Buffer.from('00000005', 'hex'),
      Buffer.from('empty'),
    ]);
    expect(decodeServerFrame(frame)).toEqual({ kind: 'error', code: 45000001, message: 'empty' });
    expect(hex(encodeServerError(45000002, 'x'))).toBe('11f01000' + '02aea542' + '00000001' + '78');
  });

  it('reads what a client sent back to header fields, sequence and inflated payload', () => {
    const decoded = decodeClientFrame(encodeAudio(4, Buffer.from([9, 8]), true));
    expect(decoded).toEqual({
      header: { type: 2, flags: 3, serialization: 0, compression: 1 },
      sequence: -4,
      payload: Buffer.from([9, 8]),
    });
  });

  it('refuses frames that break the rules', () => {
    expect(() => decodeServerFrame(Buffer.from('119111', 'hex'))).toThrow(FrameError);
    expect(() => decodeServerFrame(Buffer.from('21911100000000010000000000', 'hex'))).toThrow(
      'unknown protocol version 2',
    );
    expect(() => decodeServerFrame(Buffer.from('11911100000000010000000a7b7d', 'hex'))).toThrow(
      'frame cut short',
    );
    expect(() => decodeServerFrame(Buffer.from('111111000000000100000000', 'hex'))).toThrow(
      'unexpected message type 1',
    );
    expect(() => decodeServerFrame(Buffer.from('1191110000000001000000027b7d', 'hex'))).toThrow(
      'not valid gzip',
    );
  });
});
