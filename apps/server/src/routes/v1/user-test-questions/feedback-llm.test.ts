import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDriver } from '../../../test/app.js';
import type { TestApp } from '../../../test/app.js';
import { clientAddress } from '../../../test/accounts.js';
import {
  failed,
  feedbackQuery,
  feedbackSocket,
  finished,
  seedHskk,
  tryPayload as payload,
} from '../../../test/speaking.js';

// The server's reference of the try test's first question.
const REFERENCE = '我家有四个人。';

/** An OpenAI-compatible endpoint that holds each answer until the test lets it go. */
class HeldModel {
  server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      this.bodies.push(body);
      this.waiting.push(res);
      this.arrived();
    });
  });
  bodies: string[] = [];
  waiting: ServerResponse[] = [];
  arrived: () => void = () => undefined;

  nextRequest(): Promise<void> {
    return new Promise((resolve) => {
      this.arrived = resolve;
    });
  }

  /** Answers every held request with a structured review whose one tip is `tip`. */
  release(tip: string, score: number): void {
    const review = JSON.stringify({
      score,
      dimensions: { task: score },
      strengths: [],
      tips: [{ dimension: 'task', text: tip }],
      improved_answer: null,
      next_step: 'Say it once more at natural speed.',
    });
    for (const res of this.waiting.splice(0)) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const delta = (content: string) =>
        `data: ${JSON.stringify({ choices: [{ delta: { content }, finish_reason: null }] })}\n\n`;
      res.write(delta(review.slice(0, 30)));
      res.write(delta(review.slice(30)));
      res.write(`data: ${JSON.stringify({ choices: [{ delta: {}, finish_reason: 'stop' }] })}\n\n`);
      res.end('data: [DONE]\n\n');
    }
  }
}

describe(`AI feedback socket with an LLM on ${testDriver}`, () => {
  let t: TestApp;
  const model = new HeldModel();

  beforeAll(async () => {
    await new Promise<void>((resolve) => model.server.listen(0, '127.0.0.1', resolve));
    const address = model.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    t = await createTestApp({
      FEEDBACK_ENGINE: 'llm',
      LLM_BASE_URL: `http://127.0.0.1:${port}/v1`,
      FEEDBACK_MAX_SOCKETS_PER_IP: '1',
    });
    await seedHskk(t.app);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => model.server.close(resolve));
  });

  it('grounds the model on the server’s reference, streams it, and holds one socket per client', async () => {
    const address = clientAddress();
    const url = `/api/v1/user-test-questions/ws?${feedbackQuery(payload({ reference_text: '客户端的句子' }))}`;
    const asked = model.nextRequest();
    const first = await feedbackSocket(t.app, url, { address });
    await asked;
    expect(model.bodies[0]).toContain(REFERENCE);
    expect(model.bodies[0]).not.toContain('客户端的句子');

    // While the first review runs, the same client cannot open a second socket; another client can.
    const second = await failed(await feedbackSocket(t.app, url, { address }));
    expect(second).toMatchObject({ code: 'rate_limited' });
    expect(second.closeCode).toBe(4429);
    const otherAsked = model.nextRequest();
    const other = await feedbackSocket(t.app, url, { address: clientAddress() });
    await otherAsked;

    model.release('Very good: all seven characters were right.', 95);
    const run = await finished(first);
    expect(run.chunks.join('')).toContain('Very good');
    expect(run.saved).toMatchObject({ score: 95, locked: true });
    expect(run.saved?.feedback).toBe(run.chunks.join(''));
    expect((await finished(other)).closeCode).toBe(1000);

    // The slot is free again once the first socket closed.
    const empty = await finished(
      await feedbackSocket(
        t.app,
        `/api/v1/user-test-questions/ws?${feedbackQuery(payload({ user_answers: '(No answer provided)' }))}`,
        { address },
      ),
    );
    expect(empty.saved?.score).toBe(0);
    // No answer, no model call.
    expect(model.bodies).toHaveLength(2);
  });
});
