import { describe, expect, it } from 'vitest';
import { ScoreLineFilter, parseScore } from './score-line.js';
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

describe('score line', () => {
  it('is held back from the visible text however the stream splits it', () => {
    const text = 'Good.\n**Score:** 7';
    for (let cut = 0; cut <= text.length; cut++) {
      const filter = new ScoreLineFilter();
      const shown =
        filter.push(text.slice(0, cut)) + filter.push(`${text.slice(cut)}2\nThanks`) + filter.end();
      expect(shown).toBe('Good.\nThanks');
      expect(parseScore(filter.raw)).toBe(72);
    }
  });

  it('releases lines that only start like the word', () => {
    const filter = new ScoreLineFilter();
    expect(filter.push('Sc')).toBe('');
    expect(filter.push('ores improve with practice.\n')).toBe('Scores improve with practice.\n');
    expect(filter.push('Next')).toBe('Next');
  });

  it('reads the last score and refuses one outside 0-100', () => {
    expect(parseScore('SCORE: 40\nSCORE：85')).toBe(85);
    expect(parseScore('Overall score: 66 — fine')).toBe(66);
    expect(parseScore('SCORE: 140')).toBeNull();
    expect(parseScore('no number here')).toBeNull();
  });
});
