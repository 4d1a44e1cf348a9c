import { describe, expect, it } from 'vitest';
import { dashScope, dialectFor, doubao } from './recognition-dialect';

describe('recognition dialects', () => {
  it('picks the socket by the question asr_model', () => {
    expect(dialectFor('dashscope').path).toBe('/asr/ws');
    expect(dialectFor('doubao').path).toBe('/asrd/ws');
  });
  it('reads DashScope replies', () => {
    expect(dashScope.read({ header: { event: 'task-started', task_id: 't' } })).toEqual({ kind: 'started' });
    expect(
      dashScope.read({
        code: 1000,
        header: { event: 'result-generated' },
        result: [{ text: '我今天', is_final: false }],
      }),
    ).toEqual({ kind: 'partial', text: '我今天' });
    expect(
      dashScope.read({
        code: 1000,
        header: { event: 'task-finished' },
        result: [{ text: '我今天很忙。', is_final: true }],
      }),
    ).toEqual({ kind: 'final', text: '我今天很忙。', audioId: null });
    expect(
      dashScope.read({ code: 4503, header: { event: 'task-failed', error_code: 'asr_unavailable' } }),
    ).toEqual({ kind: 'error', code: 'asr_unavailable' });
    expect(dashScope.read({ header: { event: 'task-failed', error_code: 'weird' } })).toEqual({
      kind: 'error',
      code: 'transcription_failed',
    });
  });
  it('reads Doubao replies', () => {
    expect(doubao.read({ code: 1000, type: 'partial', result: [{ text: '我' }] })).toEqual({
      kind: 'partial',
      text: '我',
    });
    expect(doubao.read({ code: 1000, type: 'final', result: [{ text: '' }] })).toEqual({
      kind: 'final',
      text: '',
      audioId: null,
    });
    // The server names the recording it kept; the answer carries it to feedback.
    expect(
      doubao.read({ code: 1000, type: 'final', result: [{ text: '好' }], audio_id: 'rec_abcdef12' }),
    ).toEqual({ kind: 'final', text: '好', audioId: 'rec_abcdef12' });
    expect(doubao.read({ code: 4503, type: 'error', error_code: 'asr_unavailable', message: 'x' })).toEqual({
      kind: 'error',
      code: 'asr_unavailable',
    });
    expect(doubao.read('nonsense')).toEqual({ kind: 'ignored' });
  });
  it('starts with the sample rate and time limit', () => {
    expect(doubao.start({ taskId: 't', sampleRate: 8000, timeLimitS: 12, token: null })).toEqual({
      type: 'start_asr',
      format: 'raw',
      language: 'zh-CN',
      sample_rate: 8000,
      time_limit: 12,
    });
    expect(dashScope.start({ taskId: 't1', sampleRate: 16000, timeLimitS: 10, token: 'tok' })).toMatchObject({
      header: { action: 'run-task', task_id: 't1' },
      payload: { parameters: { format: 'pcm', sample_rate: 16000 } },
      token: 'tok',
    });
  });
});
