import { z } from 'zod';
import { clampScore, scoreBand } from '@kouyu/core';
import type { ExaminerEngine, Examination } from './examiner.js';
import { textToHtml } from './html.js';
import { ScoreLineFilter, parseScore } from './score-line.js';
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

const LANGUAGE_NAMES: Record<FeedbackLanguage, string> = {
  en: 'English',
  zh: 'Simplified Chinese',
  ru: 'Russian',
};

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

function systemPrompt(lang: FeedbackLanguage, exam: Examination): string {
  const { score, band } = exam.result;
  return [
    'You are an HSKK speaking examiner giving feedback on one answer of a learner of Chinese.',
    `Write in ${LANGUAGE_NAMES[lang]}, the learner's interface language; write Chinese words in characters followed by pinyin.`,
    'Be concise (at most 150 words) and concrete. Use four short sections in this order:',
    'what was right; what was missed; the corrected sentence (or a model answer) in characters with pinyin; one concrete next step.',
    "Plain text only: '- ' starts a list item, **bold** is allowed, no HTML, no tables.",
    'Ground every judgement in the measurements given: they were computed exactly from the transcript.',
    `The examiner scored this answer ${score}/100 (band ${band}); stay close to that unless the measurements clearly miss something.`,
    'End with one last line exactly in the form: SCORE: <integer from 0 to 100>',
  ].join('\n');
}

function userPrompt(input: AnswerInput, exam: Examination): string {
  return JSON.stringify(
    {
      task: {
        type: input.question_type,
        level: input.level,
        question: input.question_text,
        reference: input.reference_text,
        model_answers: input.model_answers,
        key_points: input.key_points,
        picture_texts: input.image_texts,
        time_limit_s: input.time_limit_s,
      },
      answer: { transcript: input.answer_text, duration_ms: input.duration_ms },
      examiner: {
        score: exam.result.score,
        band: exam.result.band,
        measures: exam.result.measures,
        feedback: exam.result.feedback_text,
      },
    },
    null,
    1,
  );
}

/** Feedback from any OpenAI-compatible chat endpoint, grounded on and falling back to the examiner. */
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
    return `model ${this.settings.model}, examiner fallback`;
  }

  async *review(input: AnswerInput, lang: FeedbackLanguage): AsyncIterable<FeedbackEvent> {
    const exam = await this.examiner.examine(input, lang);
    // Nothing to judge: the examiner's "no answer" message is the whole story.
    if (exam.result.measures.empty) {
      yield* examinerEvents(exam);
      return;
    }
    const filter = new ScoreLineFilter();
    let failure: string | null = null;
    try {
      for await (const piece of this.#stream(input, lang, exam)) {
        const text = filter.push(piece);
        if (text) yield { type: 'chunk', text };
      }
      const rest = filter.end();
      if (rest) yield { type: 'chunk', text: rest };
    } catch (err) {
      failure = err instanceof Error ? err.message : String(err);
    }
    const llmScore = failure === null ? parseScore(filter.raw) : null;
    const feedback = filter.visible.trim();
    if (failure !== null || llmScore === null || feedback === '') {
      const w = WORDING[lang];
      yield { type: 'notice', text: failure !== null ? w.notices.llmFailed : w.notices.llmNoScore };
      exam.result.measures.llm_error =
        failure ?? (feedback === '' ? 'empty answer from the model' : 'no score line');
      yield* examinerEvents(exam);
      return;
    }
    const examinerScore = exam.result.score;
    const score = clampScore(
      Math.min(examinerScore + LLM_SCORE_MAX_DRIFT, Math.max(examinerScore - LLM_SCORE_MAX_DRIFT, llmScore)),
    );
    yield {
      type: 'result',
      score,
      band: scoreBand(score),
      feedback_text: feedback,
      feedback_html: textToHtml(feedback),
      measures: {
        ...exam.result.measures,
        engine: this.name,
        examiner_score: examinerScore,
        llm_score: llmScore,
      },
    };
  }

  /** Streams the model's text pieces; throws on HTTP errors, error events, silence past the timeout or a cut stream. */
  async *#stream(input: AnswerInput, lang: FeedbackLanguage, exam: Examination): AsyncGenerator<string> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const arm = (): void => {
      clearTimeout(timer);
      timer = setTimeout(
        () => controller.abort(new Error(`no answer from the model within ${this.settings.timeoutMs} ms`)),
        this.settings.timeoutMs,
      );
    };
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
          temperature: 0.3,
          messages: [
            { role: 'system', content: systemPrompt(lang, exam) },
            { role: 'user', content: userPrompt(input, exam) },
          ],
        }),
      });
      if (!res.ok || !res.body) {
        const detail = (await res.text().catch(() => '')).slice(0, 200);
        throw new Error(`the model endpoint answered HTTP ${res.status}${detail ? `: ${detail}` : ''}`);
      }
      let finished = false;
      for await (const data of sseData(res.body)) {
        arm();
        if (data.trim() === '[DONE]') return;
        const chunk = chunkSchema.safeParse(JSON.parse(data));
        if (!chunk.success) throw new Error('the model endpoint sent a chunk of an unknown shape');
        if (chunk.data.error) throw new Error(`the model endpoint reported: ${chunk.data.error.message}`);
        for (const choice of chunk.data.choices ?? []) {
          const content = choice.delta?.content;
          if (content) yield content;
          if (choice.finish_reason) finished = true;
        }
      }
      // Some servers close right after the last chunk without [DONE]; a finish reason says it was complete.
      if (!finished) throw new Error('the model stream ended before it was complete');
    } catch (err) {
      throw controller.signal.aborted && controller.signal.reason instanceof Error
        ? controller.signal.reason
        : err;
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
  }
}

function* examinerEvents(exam: Examination): Iterable<FeedbackEvent> {
  for (const line of exam.lines) yield { type: 'chunk', text: `${line}\n` };
  yield exam.result;
}
