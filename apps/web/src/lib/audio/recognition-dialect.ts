import { z } from 'zod';
import { audioIdSchema, isErrorCode } from '@kouyu/core';
import type { ErrorCode } from '@kouyu/core';

export type AsrModel = 'dashscope' | 'doubao';

/** What a recognition socket said, in one shape for both dialects. */
export type RecognitionEvent =
  | { kind: 'started' }
  | { kind: 'partial'; text: string }
  | { kind: 'final'; text: string; audioId: string | null }
  | { kind: 'error'; code: ErrorCode }
  | { kind: 'ignored' };

export interface StartOptions {
  taskId: string;
  sampleRate: number;
  timeLimitS: number;
  token: string | null;
}

/** One client-side dialect: the socket path, its start and finish messages and how to read replies. */
export interface RecognitionDialect {
  path: string;
  start(opts: StartOptions): unknown;
  finish(taskId: string): unknown;
  read(message: unknown): RecognitionEvent;
}

const textList = z.array(z.object({ text: z.string() }));

const codeOf = (value: unknown): ErrorCode => (isErrorCode(value) ? value : 'transcription_failed');

/** The kept recording's id a final message may carry (`audio_id`), or null. */
function audioIdOf(message: unknown): string | null {
  if (typeof message !== 'object' || message === null) return null;
  const parsed = audioIdSchema.safeParse(Reflect.get(message, 'audio_id'));
  return parsed.success ? parsed.data : null;
}

const dashScopeReply = z.object({
  header: z.object({ event: z.string(), error_code: z.unknown().optional() }).optional(),
  result: textList.optional(),
});

/** `/asr/ws`: DashScope-style run-task / finish-task (questions whose asr_model is dashscope). */
export const dashScope: RecognitionDialect = {
  path: '/asr/ws',
  start: ({ taskId, sampleRate, token }) => ({
    header: { action: 'run-task', task_id: taskId, streaming: 'duplex' },
    payload: {
      task_group: 'audio',
      task: 'asr',
      function: 'recognition',
      parameters: { format: 'pcm', sample_rate: sampleRate },
      input: {},
    },
    ...(token ? { token } : {}),
  }),
  finish: (taskId) => ({
    header: { action: 'finish-task', task_id: taskId, streaming: 'duplex' },
    payload: { input: {} },
  }),
  read(message) {
    const m = dashScopeReply.safeParse(message);
    if (!m.success || !m.data.header) return { kind: 'ignored' };
    const text = (m.data.result ?? []).map((r) => r.text).join('');
    switch (m.data.header.event) {
      case 'task-started':
        return { kind: 'started' };
      case 'result-generated':
        return { kind: 'partial', text };
      case 'task-finished':
        return { kind: 'final', text, audioId: audioIdOf(message) };
      case 'task-failed':
        return { kind: 'error', code: codeOf(m.data.header.error_code) };
      default:
        return { kind: 'ignored' };
    }
  },
};

const doubaoReply = z.object({
  type: z.string(),
  result: textList.optional(),
  error_code: z.unknown().optional(),
});

/** `/asrd/ws`: Doubao-style start_asr / stop_asr (questions whose asr_model is doubao). */
export const doubao: RecognitionDialect = {
  path: '/asrd/ws',
  start: ({ sampleRate, timeLimitS, token }) => ({
    type: 'start_asr',
    format: 'raw',
    language: 'zh-CN',
    sample_rate: sampleRate,
    time_limit: timeLimitS,
    ...(token ? { token } : {}),
  }),
  finish: () => ({ type: 'stop_asr' }),
  read(message) {
    const m = doubaoReply.safeParse(message);
    if (!m.success) return { kind: 'ignored' };
    const text = (m.data.result ?? []).map((r) => r.text).join('');
    if (m.data.type === 'partial') return { kind: 'partial', text };
    if (m.data.type === 'final') return { kind: 'final', text, audioId: audioIdOf(message) };
    if (m.data.type === 'error') return { kind: 'error', code: codeOf(m.data.error_code) };
    return { kind: 'ignored' };
  },
};

/** The dialect a question's asr_model picks (spec 001: dashscope → /asr/ws, doubao → /asrd/ws). */
export function dialectFor(model: AsrModel): RecognitionDialect {
  return model === 'doubao' ? doubao : dashScope;
}
