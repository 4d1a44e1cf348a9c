import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHealth } from '../../test/health.js';
import { createTestApp, testDriver } from '../../test/app.js';
import type { TestApp } from '../../test/app.js';
import { ExaminerEngine, LlmFeedbackEngine, createFeedbackEngine, feedbackHealth } from './index.js';
import type { FeedbackConfig } from './index.js';

const base: FeedbackConfig = { FEEDBACK_ENGINE: 'auto', LLM_MODEL: 'qwen-plus', LLM_TIMEOUT_MS: 30_000 };

describe('feedback engine selection', () => {
  it('auto uses the examiner without an LLM endpoint, the LLM with one', async () => {
    expect(createFeedbackEngine(base)).toBeInstanceOf(ExaminerEngine);
    const llm = createFeedbackEngine({ ...base, LLM_BASE_URL: 'http://127.0.0.1:9/v1' });
    expect(llm).toBeInstanceOf(LlmFeedbackEngine);
    expect(await feedbackHealth(llm)()).toEqual({
      kind: 'feedback',
      name: 'llm',
      ready: true,
      detail: 'model qwen-plus, structured JSON, examiner fallback',
    });
  });

  it('examiner is forced by FEEDBACK_ENGINE=examiner; llm without a base URL is a clear error', () => {
    expect(
      createFeedbackEngine({ ...base, FEEDBACK_ENGINE: 'examiner', LLM_BASE_URL: 'http://127.0.0.1:9/v1' }),
    ).toBeInstanceOf(ExaminerEngine);
    expect(() => createFeedbackEngine({ ...base, FEEDBACK_ENGINE: 'llm' })).toThrow(
      /FEEDBACK_ENGINE=llm needs LLM_BASE_URL/,
    );
  });
});

describe(`feedback and OCR engines in the app on ${testDriver}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('are decorated and listed in the health report without loading the OCR models', async () => {
    const health = await adminHealth(t.app);
    expect(health.engines['feedback']).toEqual({
      name: 'examiner',
      ready: true,
      detail: 'embedded HSKK examiner',
    });
    expect(health.engines['ocr']).toEqual({
      name: 'paddle',
      ready: true,
      detail: 'PP-OCRv4, loads on first use',
    });
    expect(t.app.feedbackEngine.name).toBe('examiner');
    expect(t.app.ocrEngine.name).toBe('paddle');
  });

  it('reviews an answer through the decorated engine', async () => {
    const events = [];
    for await (const e of t.app.feedbackEngine.review(
      { question_type: 'repeat', level: 'basic', reference_text: '你好。', answer_text: '你好' },
      'en',
    )) {
      events.push(e);
    }
    expect(events.at(-1)).toMatchObject({ type: 'result', score: 100, band: 'high' });
  });
});
