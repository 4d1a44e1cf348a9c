import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ExaminerEngine } from './examiner.js';
import { LLM_SCORE_MAX_DRIFT, LlmFeedbackEngine } from './llm-engine.js';
import type { LlmSettings } from './llm-engine.js';
import type { AnswerInput, FeedbackEvent } from './types.js';
import { WORDING } from './wording.js';

/** An OpenAI-compatible chat endpoint that streams what each test scripts, over real HTTP and SSE. */
type Script = (res: ServerResponse, body: unknown) => Promise<void> | void;

const requestSchema = z.object({
  model: z.string(),
  stream: z.literal(true),
  messages: z.array(z.object({ role: z.enum(['system', 'user']), content: z.string() })),
});

class Gate {
  open: () => void = () => undefined;
  readonly opened = new Promise<void>((resolve) => {
    this.open = resolve;
  });
}

const delta = (content: string): string =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
const finish = `data: ${JSON.stringify({ id: 'c1', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`;
const usage = (choices: [] | null): string =>
  `data: ${JSON.stringify({ id: 'c1', choices, usage: { prompt_tokens: 420, completion_tokens: 80, total_tokens: 500 } })}\n\n`;
const done = 'data: [DONE]\n\n';

function startStream(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.flushHeaders();
}

async function collect(events: AsyncIterable<FeedbackEvent>, onChunk?: () => void): Promise<FeedbackEvent[]> {
  const out: FeedbackEvent[] = [];
  for await (const e of events) {
    out.push(e);
    if (e.type === 'chunk') onChunk?.();
  }
  return out;
}

const input: AnswerInput = {
  question_type: 'repeat',
  level: 'basic',
  reference_text: '我明天要去北京看朋友。',
  answer_text: '我明天去北京看朋友',
};

describe('LLM feedback engine against a streaming stand-in', () => {
  let server: Server;
  let script: Script;
  const requests: { headers: IncomingMessage['headers']; body: unknown }[] = [];
  let settings: LlmSettings;
  const examiner = new ExaminerEngine();

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (piece: string) => (raw += piece));
      req.on('end', () => {
        if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
          res.writeHead(404).end();
          return;
        }
        const body: unknown = JSON.parse(raw);
        requests.push({ headers: req.headers, body });
        void Promise.resolve(script(res, body)).catch(() => res.destroy());
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = z.object({ port: z.number() }).parse(server.address());
    settings = {
      baseUrl: `http://127.0.0.1:${port}/v1/`,
      apiKey: 'sk-test',
      model: 'stand-in-1',
      timeoutMs: 5000,
    };
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    requests.length = 0;
  });

  it('streams the model text as it arrives, hides the score line and clamps the score near the examiner', async () => {
    const gate = new Gate();
    script = async (res) => {
      startStream(res);
      res.write(
        `data: ${JSON.stringify({ choices: [{ index: 0, delta: { role: 'assistant' }, finish_reason: null }] })}\n\n`,
      );
      res.write(delta('**做得好**：整体很好。\n'));
      // The rest waits until the engine has passed the first piece on: proof it streams.
      await gate.opened;
      res.write(delta('- 漏说了「要」(yào)。\n<script>alert(1)</script>\n下一步：再听一遍。\nSC'));
      res.write(delta('ORE: 5'));
      res.write(delta('0\n'));
      res.write(finish);
      res.write(usage([]));
      res.end(done);
    };
    const engine = new LlmFeedbackEngine(settings, examiner);
    const expected = await examiner.examine(input, 'zh');
    const events = await collect(engine.review(input, 'zh'), () => gate.open());

    const chunks = events.flatMap((e) => (e.type === 'chunk' ? [e.text] : []));
    expect(chunks[0]).toBe('**做得好**：整体很好。\n');
    expect(chunks.join('')).not.toMatch(/SCORE|ORE: 5/);
    expect(events.some((e) => e.type === 'notice')).toBe(false);
    const result = events.at(-1);
    if (result?.type !== 'result') throw new Error('no result');
    expect(result.measures).toMatchObject({
      engine: 'llm',
      llm_score: 50,
      examiner_score: expected.result.score,
    });
    expect(result.score).toBe(Math.max(50, expected.result.score - LLM_SCORE_MAX_DRIFT));
    expect(result.feedback_text).toBe(chunks.join('').trim());
    expect(result.feedback_html).toBe(
      '<p><strong>做得好</strong>：整体很好。</p><ul><li>漏说了「要」(yào)。</li></ul><p>&lt;script&gt;alert(1)&lt;/script&gt;</p><p>下一步：再听一遍。</p>',
    );

    const sent = requests[0];
    expect(sent?.headers['authorization']).toBe('Bearer sk-test');
    const body = requestSchema.parse(sent?.body);
    expect(body.model).toBe('stand-in-1');
    expect(body.messages[0]?.content).toContain('Simplified Chinese');
    expect(body.messages[0]?.content).toContain(`scored this answer ${expected.result.score}/100`);
    expect(body.messages[0]?.content).toContain('SCORE: <integer');
    expect(body.messages[1]?.content).toContain('"reproduced"');
    expect(body.messages[1]?.content).toContain(input.answer_text);
  });

  it('accepts a final usage chunk with null choices and a stream closed after the finish reason', async () => {
    script = (res) => {
      startStream(res);
      res.write(delta('Good repetition; 要 (yào) was missing.\nSCORE: 88\n'));
      res.write(finish);
      res.end(usage(null));
    };
    const events = await collect(new LlmFeedbackEngine(settings, examiner).review(input, 'en'));
    const result = events.at(-1);
    expect(result).toMatchObject({ type: 'result', measures: { engine: 'llm', llm_score: 88 } });
    expect(
      events
        .filter((e) => e.type === 'chunk')
        .map((e) => (e.type === 'chunk' ? e.text : ''))
        .join(''),
    ).toBe('Good repetition; 要 (yào) was missing.\n');
  });

  it('falls back to the examiner with a notice when the stream breaks off', async () => {
    script = (res) => {
      startStream(res);
      res.write(delta('Good start, but '));
      // Cut the connection mid-answer, as a crashed upstream would.
      setImmediate(() => res.socket?.destroy());
    };
    const expected = await examiner.examine(input, 'ru');
    const events = await collect(new LlmFeedbackEngine(settings, examiner).review(input, 'ru'));
    const noticeAt = events.findIndex((e) => e.type === 'notice');
    expect(events[noticeAt]).toEqual({ type: 'notice', text: WORDING.ru.notices.llmFailed });
    const after = events.slice(noticeAt + 1);
    expect(
      after
        .filter((e) => e.type === 'chunk')
        .map((e) => (e.type === 'chunk' ? e.text : ''))
        .join(''),
    ).toBe(expected.result.feedback_text);
    const result = after.at(-1);
    if (result?.type !== 'result') throw new Error('no result');
    expect(result.score).toBe(expected.result.score);
    expect(result.feedback_text).toBe(expected.result.feedback_text);
    expect(result.measures.engine).toBe('examiner');
    expect(result.measures.llm_error).toBeTruthy();
  });

  it('falls back to the examiner when the score line is missing', async () => {
    script = (res) => {
      startStream(res);
      res.write(delta('Nice work overall.\n'));
      res.write(finish);
      res.end(done);
    };
    const events = await collect(new LlmFeedbackEngine(settings, examiner).review(input, 'en'));
    expect(events.find((e) => e.type === 'notice')).toEqual({
      type: 'notice',
      text: WORDING.en.notices.llmNoScore,
    });
    expect(events.at(-1)).toMatchObject({
      type: 'result',
      measures: { engine: 'examiner', llm_error: 'no score line' },
    });
  });

  it('falls back on an HTTP error and on silence past the timeout', async () => {
    script = (res) => {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}');
    };
    const failed = await collect(new LlmFeedbackEngine(settings, examiner).review(input, 'en'));
    expect(failed.at(-1)).toMatchObject({
      type: 'result',
      measures: { engine: 'examiner', llm_error: expect.stringContaining('HTTP 500') },
    });

    script = (res) => {
      startStream(res);
      res.write(delta('Thinking'));
    };
    const slow = await collect(
      new LlmFeedbackEngine({ ...settings, timeoutMs: 300 }, examiner).review(input, 'en'),
    );
    expect(slow.find((e) => e.type === 'notice')).toEqual({
      type: 'notice',
      text: WORDING.en.notices.llmFailed,
    });
    expect(slow.at(-1)).toMatchObject({
      type: 'result',
      measures: { llm_error: expect.stringContaining('within 300 ms') },
    });
  });

  it('does not call the model for an empty answer', async () => {
    script = () => {
      throw new Error('must not be called');
    };
    const events = await collect(
      new LlmFeedbackEngine(settings, examiner).review({ ...input, answer_text: '' }, 'en'),
    );
    expect(requests).toHaveLength(0);
    expect(events.at(-1)).toMatchObject({
      type: 'result',
      score: 0,
      measures: { engine: 'examiner', empty: true },
    });
  });
});
