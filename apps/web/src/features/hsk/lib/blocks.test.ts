import { describe, expect, it } from 'vitest';
import type { HskItem } from '@kouyu/core';
import {
  answersToSend,
  formatClock,
  isAnswered,
  itemUrls,
  passageParts,
  silentLines,
  toBlocks,
} from './blocks';

const audio = (name: string) => ({ url: `/a/${name}.mp3`, duration_ms: 900 });
const item = (id: string, over: Partial<HskItem> = {}): HskItem => ({
  id,
  type: 'dialogue_question',
  number: Number(id),
  group: null,
  points: 1,
  ...over,
});
const options = [
  { key: 'A', text: '七岁' },
  { key: 'B', text: '八岁' },
];

describe('HSK blocks', () => {
  it('groups consecutive items of a group and lifts what they all repeat', () => {
    const script = [{ speaker: '男', audio: audio('s') }];
    const blocks = toBlocks([
      item('1'),
      item('2', { group: 'g1', options, script, question_audio: audio('q2') }),
      item('3', { group: 'g1', options, script, question_audio: audio('q3') }),
      item('4', { group: 'g2', text: '短文', options }),
      item('5', { group: 'g2', text: '短文', options: [{ key: 'A', text: '别的' }] }),
    ]);
    expect(blocks.map((b) => b.items.map((i) => i.id))).toEqual([['1'], ['2', '3'], ['4', '5']]);
    expect(blocks[0]?.shared).toEqual({});
    expect(blocks[1]?.shared).toEqual({ options, script });
    // Different options stay with their items; the common text is shown once.
    expect(blocks[2]?.shared).toEqual({ text: '短文' });
  });

  it('plays an item’s own recording, or only its question when the group plays the recording', () => {
    const own = item('1', {
      script: [
        { speaker: '女', audio: audio('l1') },
        { speaker: '男', audio: null, text: '好' },
      ],
      question_audio: audio('q'),
    });
    expect(itemUrls(own, false)).toEqual(['/a/l1.mp3', '/a/q.mp3']);
    expect(itemUrls(own, true)).toEqual(['/a/q.mp3']);
    expect(silentLines(own.script)).toEqual([{ speaker: '男', text: '好' }]);
    expect(silentLines(undefined)).toEqual([]);
  });

  it('sends only given answers', () => {
    expect(isAnswered(false)).toBe(true);
    expect(isAnswered('  ')).toBe(false);
    expect(isAnswered(undefined)).toBe(false);
    expect(answersToSend({ a: 'B', b: ' ', c: false, d: '' })).toEqual({ a: 'B', c: false });
  });

  it('splits a passage around its numbered blanks', () => {
    expect(passageParts('成绩不＿＿1＿＿，他＿＿2＿＿。')).toEqual([
      { kind: 'text', text: '成绩不' },
      { kind: 'blank', n: 1 },
      { kind: 'text', text: '，他' },
      { kind: 'blank', n: 2 },
      { kind: 'text', text: '。' },
    ]);
    expect(passageParts('没有空')).toEqual([{ kind: 'text', text: '没有空' }]);
  });

  it('formats a clock', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(65.4)).toBe('1:05');
    expect(formatClock(3 * 3600 + 62)).toBe('3:01:02');
    expect(formatClock(-5)).toBe('0:00');
  });
});
