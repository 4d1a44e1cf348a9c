import { z } from 'zod';
import { clampScore, scoreBand } from '@kouyu/core';
import type { ExaminerEngine, Examination } from './examiner.js';
import { gateReport, reportHtml, reportLines } from './html.js';
import { lessonReview } from './lesson-review.js';
import type { FeedbackTier } from './html.js';
import { parseReview, reviewReport, systemPrompt, userPrompt } from './llm-review.js';
import { sseData } from './sse.js';
import type { AnswerInput, FeedbackEngine, FeedbackEvent, FeedbackLanguage } from './types.js';
import { WORDING } from './wording.js';

export interface LlmSettings {
  /** Base of an OpenAI-compatible API, e.g. https://host/v1 (without /chat/completions). */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Longest wait for the answer to start or for the next piece of it. */
  timeoutMs: number;
}

/** How far the model may move the examiner's score: it reads meaning better, the examiner counts better. */
export const LLM_SCORE_MAX_DRIFT = 15;
// The whole answer may take a few silences' worth, no more: a model that trickles forever is slow.
const TOTAL_TIMEOUT_FACTOR = 4;

const chunkSchema = z.object({
  choices: z
    .array(
      z.object({
        delta: z.object({ content: z.string().nullish() }).nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .nullish(),
  error: z.object({ message: z.string() }).nullish(),
});

/** The model's reply stopped before it was complete (cut off, or out of tokens). */
class Truncated extends Error {}

/**
 * Feedback from any OpenAI-compatible chat endpoint: the model gets the rubric, the band descriptors
 * and the examiner's measures and answers with structured JSON (checked with zod); the review the
 * learner reads is built from it. Malformed, cut, slow or failed answers fall back to the examiner,
 * with a notice saying so, and the review is never lost.
 */
export class LlmFeedbackEngine implements FeedbackEngine {
  readonly name = 'llm';

  constructor(
    private readonly settings: LlmSettings,
    private readonly examiner: ExaminerEngine,
  ) {}

  ready(): Promise<boolean> {
    return Promise.resolve(this.settings.baseUrl !== '');
  }

  /** Model name and fallback, for the health report (the endpoint's address stays private). */
  describe(): string {
    return `model ${this.settings.model}, structured JSON, examiner fallback`;
  }

  async *review(
    input: AnswerInput,
    lang: FeedbackLanguage,
    tier: FeedbackTier = 'plus',
  ): AsyncIterable<FeedbackEvent> {
    const exam = await this.examiner.examine(input, lang, tier);
    // Nothing to judge: the examiner's "no answer" message is the whole story.
    if (exam.result.measures.empty) {
      yield* examinerEvents(exam);
      return;
    }
    const w = WORDING[lang];
    let text = '';
    let failure: string | null = null;
    let malformed = false;
    try {
      text = await this.#complete(input, lang, exam);
    } catch (err) {
      if (err instanceof Truncated) malformed = true;
      failure = err instanceof Error ? err.message : String(err);
    }
    const review = failure === null ? parseReview(text) : null;
    if (!review) {
      const notice = malformed || failure === null ? w.notices.llmMalformed : w.notices.llmFailed;
      yield { type: 'notice', text: notice };
      exam.result.measures.llm_error = failure ?? 'the model answered with no valid review JSON';
      yield* examinerEvents(exam);
      return;
    }
    const examinerScore = exam.result.score;
    const score = clampScore(
      Math.min(
        examinerScore + LLM_SCORE_MAX_DRIFT,
        Math.max(examinerScore - LLM_SCORE_MAX_DRIFT, review.score),
      ),
    );
    const band = scoreBand(score);
    const bands = input.question_type === 'free_text' ? w.bands.written : w.bands.open;
    const bandText = (
      exam.result.measures.reference && input.question_type !== 'retell' ? w.bands.reference : bands
    )[band];
    const full = reviewReport(review, exam.report, score, bandText, w);
    const report = gateReport(full, tier, w.locked);
    const lines = reportLines(report);
    for (const line of lines) yield { type: 'chunk', text: `${line}\n` };
    const { report: _examinerReport, improved: _improved, ...measures } = exam.result.measures;
    yield {
      type: 'result',
      score,
      band,
      feedback_text: lines.map((l) => `${l}\n`).join(''),
      feedback_html: reportHtml(report),
      review: lessonReview({ ...report, verdict: bandText }, score, band),
      measures: {
        ...measures,
        engine: this.name,
        examiner_score: examinerScore,
        llm_score: review.score,
        locked: Boolean(report.locked),
        ...(tier === 'plus'
          ? {
              report: full,
              ...(full.improved
                ? { improved: { text: full.improved.text, pinyin: full.improved.pinyin } }
                : {}),
            }
          : {}),
      },
    };
  }

  /** The model's whole reply; throws on HTTP errors, error events, silence past the timeout or a cut stream. */
  async #complete(input: AnswerInput, lang: FeedbackLanguage, exam: Examination): Promise<string> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const { timeoutMs } = this.settings;
    const arm = (): void => {
      clearTimeout(timer);
      timer = setTimeout(
        () => controller.abort(new Error(`no answer from the model within ${timeoutMs} ms`)),
        timeoutMs,
      );
    };
    const overall = setTimeout(
      () => controller.abort(new Error(`the model took longer than ${timeoutMs * TOTAL_TIMEOUT_FACTOR} ms`)),
      timeoutMs * TOTAL_TIMEOUT_FACTOR,
    );
    arm();
    try {
      const res = await fetch(`${this.settings.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
        method: 'POST',
        signal: controller.signal,
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          ...(this.settings.apiKey ? { authorization: `Bearer ${this.settings.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: this.settings.model,
          stream: true,
          temperature: 0.2,
          response_format: { type: 'json_object' },
          messages: [
            { role: 'system', content: systemPrompt(lang) },
            {
              role: 'user',
              content: userPrompt(input, exam.result.measures, exam.result.score, exam.result.band),
            },
          ],
        }),
      });
      if (!res.ok || !res.body) {
        const detail = (await res.text().catch(() => '')).slice(0, 200);
        throw new Error(`the model endpoint answered HTTP ${res.status}${detail ? `: ${detail}` : ''}`);
      }
      let text = '';
      let finish: string | null = null;
      for await (const data of sseData(res.body)) {
        arm();
        if (data.trim() === '[DONE]') break;
        let json: unknown;
        try {
          json = JSON.parse(data);
        } catch {
          throw new Error('the model endpoint sent an event that is not JSON');
        }
        const chunk = chunkSchema.safeParse(json);
        if (!chunk.success) throw new Error('the model endpoint sent a chunk of an unknown shape');
        if (chunk.data.error) throw new Error(`the model endpoint reported: ${chunk.data.error.message}`);
        for (const choice of chunk.data.choices ?? []) {
          text += choice.delta?.content ?? '';
          if (choice.finish_reason) finish = choice.finish_reason;
        }
      }
      if (finish === null) throw new Truncated('the model stream ended before it was complete');
      if (finish === 'length')
        throw new Truncated('the model ran out of tokens before the review was complete');
      return text;
    } catch (err) {
      throw controller.signal.aborted && controller.signal.reason instanceof Error
        ? controller.signal.reason
        : err;
    } finally {
      clearTimeout(timer);
      clearTimeout(overall);
      controller.abort();
    }
  }
}

function* examinerEvents(exam: Examination): Iterable<FeedbackEvent> {
  for (const line of exam.lines) yield { type: 'chunk', text: `${line}\n` };
  yield exam.result;
}
