import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ExaminerEngine } from './examiner.js';
import { LLM_SCORE_MAX_DRIFT, LlmFeedbackEngine } from './llm-engine.js';
import type { LlmSettings } from './llm-engine.js';
import type { AnswerInput, FeedbackEvent, FeedbackResult } from './types.js';
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
const open: AnswerInput = {
  question_type: 'open',
  level: 'basic',
  question_text: '你最喜欢吃什么？为什么？',
  model_answers: ['我最喜欢吃面条。面条非常好吃，也很便宜。'],
  answer_text: '我喜欢吃面条。面条好吃。',
  time_limit_s: 90,
};

/** A review as a model would send it. */
const review = {
  score: 50,
  dimensions: { relevance: 90, coherence: 80, vocabulary: 70, length: 20, fluency: 60 },
  strengths: ['You answered the question in sentences.'],
  tips: [
    { dimension: 'length', text: 'Too short: add a reason with 因为 (yīnwèi).' },
    { dimension: 'vocabulary', text: 'Use 便宜 (piányi) to say why. <script>alert(1)</script>' },
    { dimension: 'fluency', text: 'Practise it aloud three times.' },
  ],
  improved_answer: '我最喜欢吃面条，因为面条好吃，也很便宜。',
  next_step: 'Answer again with a reason and an example.',
};
const json = JSON.stringify(review);

const chunks = (events: FeedbackEvent[]) =>
  events.flatMap((e) => (e.type === 'chunk' ? [e.text] : [])).join('');
const resultOf = (events: FeedbackEvent[]): FeedbackResult => {
  const last = events.at(-1);
  if (last?.type !== 'result') throw new Error('no result');
  return last;
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

  it('sends the rubric and the measures, reads the streamed JSON and builds the review from it', async () => {
    const gate = new Gate();
    script = async (res) => {
      startStream(res);
      res.write(delta(json.slice(0, 40)));
      // The rest waits until the engine is waiting on the stream: proof it reads pieces as they come.
      await gate.opened;
      res.write(delta(json.slice(40, 90)));
      res.write(delta(json.slice(90)));
      res.write(finish);
      res.write(usage([]));
      res.end(done);
    };
    setTimeout(() => gate.open(), 20);
    const engine = new LlmFeedbackEngine(settings, examiner);
    const expected = await examiner.examine(open, 'en');
    const events = await collect(engine.review(open, 'en', 'plus'));
    expect(events.some((e) => e.type === 'notice')).toBe(false);
    const result = resultOf(events);
    expect(result.measures).toMatchObject({
      engine: 'llm',
      llm_score: 50,
      examiner_score: expected.result.score,
    });
    expect(result.score).toBe(
      Math.min(
        expected.result.score + LLM_SCORE_MAX_DRIFT,
        Math.max(expected.result.score - LLM_SCORE_MAX_DRIFT, 50),
      ),
    );
    expect(result.feedback_text).toBe(chunks(events));
    expect(result.feedback_text).toContain('Too short: add a reason');
    expect(result.feedback_text).toContain(WORDING.en.headings.improved);
    expect(result.feedback_text).toContain('wǒ zuì xǐ huan chī miàn tiáo');
    expect(result.feedback_text).toContain('Sentences and coherence: 80/100');
    expect(result.feedback_html).toContain('&lt;script&gt;');
    expect(result.feedback_html).not.toContain('<script');

    const sent = requests[0];
    expect(sent?.headers['authorization']).toBe('Bearer sk-test');
    const body = requestSchema.parse(sent?.body);
    expect(body.model).toBe('stand-in-1');
    expect(body.messages[0]?.content).toContain('HSKK bands');
    expect(body.messages[0]?.content).toContain('ONE JSON object');
    expect(body.messages[0]?.content).toContain('English');
    expect(body.messages[1]?.content).toContain('"coherence"');
    // The question-form analysis and the relatedness measures ground the model as the others do.
    expect(body.messages[0]?.content).toContain('measures.relevance.form');
    expect(body.messages[1]?.content).toContain('"form":{"asks":');
    expect(body.messages[1]?.content).toContain('"related":');
    for (const field of ['"given":', '"specific":', '"about_answer":', '"other_action":', '"echo":'])
      expect(body.messages[1]?.content).toContain(field);
    expect(body.messages[0]?.content).toContain('other_action');
    expect(body.messages[1]?.content).toContain(open.answer_text);
  });

  it('holds back the Plus parts of a model review for a free learner', async () => {
    script = (res) => {
      startStream(res);
      res.write(delta(json));
      res.write(finish);
      res.end(done);
    };
    const result = resultOf(
      await collect(new LlmFeedbackEngine(settings, examiner).review(open, 'zh', 'free')),
    );
    expect(result.measures.engine).toBe('llm');
    expect(result.feedback_text).toContain('Too short');
    expect(result.feedback_text).not.toContain('Practise it aloud');
    expect(result.feedback_text).not.toContain(WORDING.zh.headings.improved);
    expect(result.feedback_text).toContain(WORDING.zh.locked);
    expect(result.measures).not.toHaveProperty('improved');
    expect(result.measures).not.toHaveProperty('report');
  });

  it('accepts the JSON inside a code fence and a stream closed right after the finish reason', async () => {
    script = (res) => {
      startStream(res);
      res.write(delta('```json\n'));
      res.write(delta(json));
      res.write(delta('\n```'));
      res.write(finish);
      res.end(usage(null));
    };
    const result = resultOf(await collect(new LlmFeedbackEngine(settings, examiner).review(open, 'en')));
    expect(result.measures).toMatchObject({ engine: 'llm', llm_score: 50 });
  });

  it.each([
    ['not JSON at all', 'Nice work overall. SCORE: 80', 'stop'],
    ['truncated JSON', json.slice(0, json.length - 30), 'stop'],
    ['JSON cut by the token limit', json.slice(0, 60), 'length'],
    ['JSON of the wrong shape', JSON.stringify({ ...review, score: 140, tips: [] }), 'stop'],
  ])('falls back to the examiner, visibly, on %s', async (_name, text, reason) => {
    script = (res) => {
      startStream(res);
      res.write(delta(text));
      res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: reason }] })}\n\n`);
      res.end(done);
    };
    const expected = await examiner.examine(open, 'ru');
    const events = await collect(new LlmFeedbackEngine(settings, examiner).review(open, 'ru'));
    expect(events[0]).toEqual({ type: 'notice', text: WORDING.ru.notices.llmMalformed });
    const result = resultOf(events);
    expect(result.score).toBe(expected.result.score);
    expect(result.feedback_text).toBe(expected.result.feedback_text);
    expect(chunks(events)).toBe(expected.result.feedback_text);
    expect(result.measures).toMatchObject({ engine: 'examiner', llm_error: expect.any(String) });
  });

  it('falls back to the examiner when the stream breaks off, on an HTTP error and on silence', async () => {
    script = (res) => {
      startStream(res);
      res.write(delta(json.slice(0, 50)));
      // Cut the connection mid-answer, as a crashed upstream would.
      setImmediate(() => res.socket?.destroy());
    };
    const cut = await collect(new LlmFeedbackEngine(settings, examiner).review(input, 'ru'));
    expect(cut.find((e) => e.type === 'notice')).toBeTruthy();
    expect(resultOf(cut).measures.engine).toBe('examiner');

    script = (res) => {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}');
    };
    const failed = await collect(new LlmFeedbackEngine(settings, examiner).review(input, 'en'));
    expect(failed[0]).toEqual({ type: 'notice', text: WORDING.en.notices.llmFailed });
    expect(resultOf(failed).measures).toMatchObject({
      engine: 'examiner',
      llm_error: expect.stringContaining('HTTP 500'),
    });

    script = (res) => {
      startStream(res);
      res.write(delta('{"score":'));
    };
    const slow = await collect(
      new LlmFeedbackEngine({ ...settings, timeoutMs: 300 }, examiner).review(input, 'en'),
    );
    expect(slow[0]).toEqual({ type: 'notice', text: WORDING.en.notices.llmFailed });
    expect(resultOf(slow).measures).toMatchObject({ llm_error: expect.stringContaining('within 300 ms') });
  });

  it('does not call the model for an empty answer', async () => {
    script = () => {
      throw new Error('must not be called');
    };
    const events = await collect(
      new LlmFeedbackEngine(settings, examiner).review({ ...input, answer_text: '' }, 'en'),
    );
    expect(requests).toHaveLength(0);
    expect(resultOf(events)).toMatchObject({ score: 0, measures: { engine: 'examiner', empty: true } });
  });
});
