import { describe, expect, it } from 'vitest';
import { sseData } from './sse.js';

async function* pieces(parts: string[]): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder();
  for (const p of parts) yield bytes.encode(p);
}

async function events(parts: string[]): Promise<string[]> {
  const out: string[] = [];
  for await (const data of sseData(pieces(parts))) out.push(data);
  return out;
}

describe('sseData', () => {
  it('splits events across arbitrary packet boundaries, CRLF and multi-byte characters', async () => {
    const text =
      'data: {"a":"你好"}\r\n\r\n: keep-alive\n\nevent: x\ndata: line1\ndata: line2\n\ndata:[DONE]\n\n';
    const bytes = new TextEncoder().encode(text);
    // One byte per packet: splits CRLF pairs and the UTF-8 bytes of 你好.
    const out: string[] = [];
    async function* bytewise(): AsyncGenerator<Uint8Array> {
      for (const b of bytes) yield Uint8Array.of(b);
    }
    for await (const data of sseData(bytewise())) out.push(data);
    expect(out).toEqual(['{"a":"你好"}', 'line1\nline2', '[DONE]']);
  });

  it('delivers a last event that lacks its blank line', async () => {
    expect(await events(['data: one\n\ndata: two'])).toEqual(['one', 'two']);
  });
});
