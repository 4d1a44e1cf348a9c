import { z } from 'zod';
import { WS_CODE, socketError } from './socket-support.js';
import type { Control, Dialect } from './recognition-socket.js';

// Browsers send 16 kHz (8 kHz on a poor network, spec 001 §9); other rates are resampled too.
const sampleRate = z.number().int().min(8000).max(48000);
const PCM_FORMATS = new Set(['pcm', 'raw']);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const invalid: Control = { kind: 'invalid', error: socketError(WS_CODE.badMessage, 'asr_bad_message') };
const unsupported: Control = {
  kind: 'invalid',
  error: socketError(WS_CODE.unsupported, 'unsupported_media_type'),
};

const runTaskSchema = z.object({
  header: z.object({ action: z.literal('run-task'), task_id: z.string().min(1).max(128) }),
  payload: z
    .object({
      parameters: z.object({ sample_rate: z.unknown().optional(), format: z.string().optional() }).optional(),
    })
    .optional(),
  token: z.string().optional(),
});
const finishTaskSchema = z.object({ header: z.object({ action: z.literal('finish-task') }) });

/** `/asr/ws`: DashScope-style task messages (run-task, finish-task, task-started, result-generated …). */
export const dashScopeDialect: Dialect = {
  parse(text) {
    const json = parseJson(text);
    if (finishTaskSchema.safeParse(json).success) return { kind: 'finish' };
    const run = runTaskSchema.safeParse(json);
    if (!run.success) return invalid;
    const params = run.data.payload?.parameters;
    const rate = sampleRate.safeParse(params?.sample_rate ?? 16000);
    if (!rate.success || !PCM_FORMATS.has(params?.format ?? 'pcm')) return unsupported;
    return { kind: 'start', taskId: run.data.header.task_id, sampleRate: rate.data, timeLimitS: null };
  },
  started: (taskId) => ({ header: { event: 'task-started', task_id: taskId } }),
  partial: (text, taskId) => ({
    code: WS_CODE.ok,
    header: { event: 'result-generated', task_id: taskId },
    result: [{ text, is_final: false }],
  }),
  final: (text, taskId) => ({
    code: WS_CODE.ok,
    result: [{ text, is_final: true }],
    header: { event: 'task-finished', task_id: taskId },
  }),
  error: (error, taskId) => ({
    code: error.wsCode,
    header: { event: 'task-failed', task_id: taskId, error_code: error.code, error_message: error.message },
  }),
};

const startAsrSchema = z.object({
  type: z.literal('start_asr'),
  format: z.string().optional(),
  language: z.string().optional(),
  time_limit: z.number().positive().optional(),
  sample_rate: z.unknown().optional(),
  token: z.string().optional(),
});
const stopAsrSchema = z.object({ type: z.literal('stop_asr') });

/** `/asrd/ws`: Doubao-style messages (start_asr with a time limit, stop_asr, partial/final). */
export const doubaoDialect: Dialect = {
  parse(text) {
    const json = parseJson(text);
    if (stopAsrSchema.safeParse(json).success) return { kind: 'finish' };
    const start = startAsrSchema.safeParse(json);
    if (!start.success) return invalid;
    const rate = sampleRate.safeParse(start.data.sample_rate ?? 16000);
    if (!rate.success || !PCM_FORMATS.has(start.data.format ?? 'raw')) return unsupported;
    return { kind: 'start', taskId: null, sampleRate: rate.data, timeLimitS: start.data.time_limit ?? null };
  },
  started: () => null,
  partial: (text) => ({ code: WS_CODE.ok, type: 'partial', result: [{ text }] }),
  final: (text) => ({ code: WS_CODE.ok, type: 'final', result: [{ text }] }),
  error: (error) => ({ code: error.wsCode, type: 'error', error_code: error.code, message: error.message }),
};
