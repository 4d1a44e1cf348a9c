import { describe, expect, it } from 'vitest';
import type { Question } from '@kouyu/core';
import {
  answeredCount,
  clock,
  completionCheck,
  numberRanges,
  unansweredNumbers,
  initialRun,
  navigationBlock,
  partView,
  playLimit,
  recordingLimitS,
  runQuestions,
  runReducer,
} from './run';

const q = (over: Partial<Question> = {}): Question => ({
  id: 1,
  level_id: 1,
  part_id: 1,
  part_number: 1,
  number: 1,
  question_type: 'repeat',
  asr_model: 'dashscope',
  time_limit: 10,
  audio_play_limit: null,
  question_text: null,
  question_pinyin: null,
  question_texts: [],
  image_urls: [],
  image_texts: [],
  image_audio_urls: [],
  audio_text: '我家有四个人。',
  audio_url: null,
  audio_urls: [],
  answer_options: [],
  picture_options: [],
  reference_text: null,
  ...over,
});

describe('run layout', () => {
  it('reads aloud at level 3 part 2, answers in a panel at level 3 part 3, lists other part 3s', () => {
    expect(partView(3, 2)).toBe('readAloud');
    expect(partView(3, 3)).toBe('answerPanel');
    expect(partView(1, 3)).toBe('list');
    expect(partView(2, 3)).toBe('list');
    expect(partView(1, 1)).toBe('single');
  });
  it('numbers the questions through the parts', () => {
    const run = runQuestions([
      { part: 1, instructions: '', questions: [q({ id: 1 }), q({ id: 2 })] },
      { part: 2, instructions: '', questions: [q({ id: 3 })] },
    ]);
    expect(run.map((r) => [r.runNumber, r.part, r.question.id])).toEqual([
      [1, 1, 1],
      [2, 1, 2],
      [3, 2, 3],
    ]);
  });
  it('records for the question time limit, 10 s by default', () => {
    expect(recordingLimitS(q({ time_limit: 90 }))).toBe(90);
    expect(recordingLimitS(q({ time_limit: 0 }))).toBe(10);
  });
  // Spec 001 §4: for listening questions audio_play_limit overrides the time limit.
  it('records a listening question for its audio_play_limit when it has one', () => {
    for (const type of ['repeat', 'answer', 'retell']) {
      expect(recordingLimitS(q({ question_type: type, time_limit: 10, audio_play_limit: 25 }))).toBe(25);
      expect(recordingLimitS(q({ question_type: type, time_limit: 0, audio_play_limit: 25 }))).toBe(25);
      expect(recordingLimitS(q({ question_type: type, time_limit: 15, audio_play_limit: null }))).toBe(15);
      expect(recordingLimitS(q({ question_type: type, time_limit: 15, audio_play_limit: 0 }))).toBe(15);
    }
    // A question read or seen, not heard, keeps its own limit.
    for (const type of ['open', 'picture', 'read_aloud']) {
      expect(recordingLimitS(q({ question_type: type, time_limit: 120, audio_play_limit: 25 }))).toBe(120);
    }
  });
  it('plays a listening question once, and every question once in exam mode, whatever the recording time', () => {
    expect(playLimit(q({ question_type: 'repeat', audio_play_limit: 25 }))).toBe(1);
    expect(playLimit(q({ question_type: 'answer', audio_play_limit: null }))).toBe(1);
    expect(playLimit(q({ question_type: 'open', audio_play_limit: 25 }))).toBeNull();
    expect(playLimit(q({ question_type: 'picture', audio_play_limit: null }))).toBeNull();
    // Exam mode (auto) plays every question once.
    expect(playLimit(q({ question_type: 'open', audio_play_limit: 3 }), true)).toBe(1);
  });
});

describe('run state', () => {
  it('starts, counts plays, keeps answers and restarts from question 1 with everything cleared', () => {
    let s = runReducer(initialRun(true), { type: 'start', now: 1000 });
    expect(s.phase).toBe('running');
    s = runReducer(s, { type: 'played', runNumber: 1 });
    s = runReducer(s, { type: 'played', runNumber: 1 });
    s = runReducer(s, {
      type: 'answer',
      runNumber: 1,
      answer: { text: '好', recordingUrl: null, typed: false, audioId: null },
    });
    s = runReducer(s, { type: 'goto', index: 1 });
    expect(s.plays[1]).toBe(2);
    s = runReducer(s, { type: 'submit', now: 5000 });
    expect(s).toMatchObject({ phase: 'submitting', finishedAt: 5000, showFeedback: true });
    s = runReducer(s, { type: 'restart', now: 9000 });
    expect(s).toMatchObject({
      phase: 'running',
      index: 0,
      answers: {},
      plays: {},
      startedAt: 9000,
      auto: true,
      showFeedback: false,
    });
  });
  it('counts answers with text or a recording, not blank ones', () => {
    expect(
      answeredCount({
        1: { text: '好', recordingUrl: null, typed: false, audioId: null },
        2: { text: '  ', recordingUrl: null, typed: false, audioId: null },
        // A recording nothing transcribed is an answer too (decision 009).
        3: { text: '', recordingUrl: 'blob:x', typed: false, audioId: null },
        4: { text: '', recordingUrl: null, typed: false, audioId: 'rec_12345678' },
      }),
    ).toBe(3);
  });
  it('blocks moving on while submitting, playing or recording', () => {
    expect(navigationBlock({ audioPlaying: true, recording: true, submitting: true })).toBe('submitting');
    expect(navigationBlock({ audioPlaying: true, recording: false, submitting: false })).toBe('audioPlaying');
    expect(navigationBlock({ audioPlaying: false, recording: true, submitting: false })).toBe('recording');
    expect(navigationBlock({ audioPlaying: false, recording: false, submitting: false })).toBeNull();
  });
  it('needs every answer to complete, except where auto mode ran out of time', () => {
    expect(completionCheck(0, 3)).toBe('noAnswers');
    expect(completionCheck(2, 3)).toBe('answerAll');
    expect(completionCheck(3, 3)).toBe('ok');
  });
  it('names the unanswered questions as short ranges', () => {
    const questions = runQuestions([
      { part: 1, instructions: '', questions: [q({ id: 1 }), q({ id: 2 }), q({ id: 3 })] },
      { part: 2, instructions: '', questions: [q({ id: 4 }), q({ id: 5 })] },
    ]);
    const said = { text: '我', recordingUrl: null, typed: false, audioId: null };
    const heardOnly = { text: '', recordingUrl: null, typed: false, audioId: 'a'.repeat(32) };
    expect(unansweredNumbers(questions, { 1: said, 4: heardOnly })).toEqual([2, 3, 5]);
    expect(numberRanges([2, 3, 5])).toBe('2, 3, 5');
    expect(numberRanges([2, 3, 4, 5, 9, 11, 12])).toBe('2–5, 9, 11, 12');
    expect(numberRanges([7])).toBe('7');
    expect(numberRanges([])).toBe('');
  });
  it('formats the timer', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(75)).toBe('1:15');
    expect(clock(3725)).toBe('1:02:05');
  });
});
