import type { FastifyInstance } from 'fastify';
import type { EngineReport } from '../engine-report.js';
import type { Config } from '../../config.js';
import { ExaminerEngine } from './examiner.js';
import { LlmFeedbackEngine } from './llm-engine.js';
import { loadTagger } from './segment.js';
import type { FeedbackEngine } from './types.js';

export type {
  AnswerInput,
  FeedbackEngine,
  FeedbackEvent,
  FeedbackLanguage,
  FeedbackMeasures,
  FeedbackResult,
} from './types.js';
export { answerInputSchema, feedbackLanguageSchema } from './types.js';
export { ExaminerEngine } from './examiner.js';
export { LlmFeedbackEngine } from './llm-engine.js';

export type FeedbackConfig = Pick<
  Config,
  'FEEDBACK_ENGINE' | 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_MODEL' | 'LLM_TIMEOUT_MS'
>;

/** The feedback engine the configuration asks for: auto = the LLM when LLM_BASE_URL is set, else the examiner. */
export function createFeedbackEngine(config: FeedbackConfig): FeedbackEngine {
  const examiner = new ExaminerEngine();
  const useLlm =
    config.FEEDBACK_ENGINE === 'llm' ||
    (config.FEEDBACK_ENGINE === 'auto' && config.LLM_BASE_URL !== undefined);
  if (!useLlm) return examiner;
  if (!config.LLM_BASE_URL) {
    throw new Error(
      'FEEDBACK_ENGINE=llm needs LLM_BASE_URL (an OpenAI-compatible API base such as https://host/v1)',
    );
  }
  return new LlmFeedbackEngine(
    {
      baseUrl: config.LLM_BASE_URL,
      apiKey: config.LLM_API_KEY,
      model: config.LLM_MODEL,
      timeoutMs: config.LLM_TIMEOUT_MS,
    },
    examiner,
  );
}

/** The health report of a feedback engine (kind "feedback"). */
export function feedbackHealth(engine: FeedbackEngine): () => Promise<EngineReport> {
  return async () => ({
    kind: 'feedback',
    name: engine.name,
    ready: await engine.ready(),
    detail: engine instanceof LlmFeedbackEngine ? engine.describe() : 'embedded HSKK examiner',
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    feedbackEngine: FeedbackEngine;
  }
}

/** Decorates the app with the configured feedback engine and adds its health report. */
export function registerFeedbackEngine(app: FastifyInstance): void {
  const engine = createFeedbackEngine(app.config);
  // The word segmenter's WASM loads in the background, so the first review does not wait for it.
  void loadTagger();
  app.decorate('feedbackEngine', engine);
  app.engineReports.push(feedbackHealth(engine));
}
