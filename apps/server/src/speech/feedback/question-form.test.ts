import { beforeAll, describe, expect, it } from 'vitest';
import { syllables } from './measure.js';
import { answerForm, isEcho, readQuestion } from './question-form.js';
import { loadTagger, tagAnswer } from './segment.js';
import type { Tagger } from './segment.js';
import { spokenChars } from '@kouyu/core';

let tagger: Tagger;
beforeAll(async () => {
  ({ tagger } = await loadTagger());
});

function check(question: string, answer: string): ReturnType<typeof answerForm> {
  return answerForm(readQuestion(tagger, question), tagAnswer(tagger, answer), question);
}

describe('question form', () => {
  it('reads what each question form asks for', () => {
    const asks = (q: string): string[] => readQuestion(tagger, q).asks;
    expect(asks('你常常和谁一起运动？')).toContain('person');
    expect(asks('你周末常常去哪儿？')).toContain('place');
    expect(asks('你几点起床？')).toContain('time');
    expect(asks('你每天学习多长时间？')).toContain('duration');
    expect(asks('你为什么学习汉语？')).toContain('reason');
    expect(asks('你早上喝茶还是喝咖啡？')).toContain('choice');
    expect(asks('这家饭店的菜怎么样？')).toContain('evaluation');
    expect(readQuestion(tagger, '你最喜欢什么运动？')).toMatchObject({ asks: ['object'], kind: 'sport' });
    expect(readQuestion(tagger, '你喜欢喝什么？')).toMatchObject({ asks: ['object'], verb: '喝' });
    expect(readQuestion(tagger, '你妈妈喜欢做什么？').about).toEqual({ who: 'other', words: ['妈妈'] });
  });

  it('hears the form given by a word or by a structure', () => {
    expect(check('你常常和谁一起运动？', '我常常和我妹妹一起跑步。').answered).toBe(true);
    expect(check('你常常和谁一起运动？', '我一个星期运动三次。').answered).toBe(false);
    expect(check('你周末常常去哪儿？', '我周末常常去图书馆看书。').given.place).toContain('图书馆');
    expect(check('你周末常常去哪儿？', '我周末常常睡觉。').answered).toBe(false);
    expect(check('你几点起床？', '我起床以后吃早饭。').answered).toBe(false);
    expect(check('你几点起床？', '七点。').answered).toBe(true);
    expect(check('你每天学习多长时间？', '我每天学习两个小时。').answered).toBe(true);
    expect(check('你为什么学习汉语？', '因为我想去中国工作。').answered).toBe(true);
    expect(check('你为什么学习汉语？', '我学习汉语两年了。').answered).toBe(false);
    expect(check('你早上喝茶还是喝咖啡？', '我喝牛奶。').answered).toBe(true);
    expect(check('你早上喝茶还是喝咖啡？', '我早上七点起床。').answered).toBe(false);
    expect(check('这家饭店的菜怎么样？', '很好吃。').answered).toBe(true);
    expect(check('这家饭店的菜怎么样？', '我们去饭店吃饭吧。').answered).toBe(false);
    expect(check('你最喜欢什么运动？', '我最喜欢游泳。').specific).toBe(true);
    expect(check('你最喜欢什么运动？', '我最喜欢吃面条。').answered).toBe(false);
    expect(check('你喜欢喝什么？', '我喜欢吃米饭。').answered).toBe(false);
    expect(check('你妈妈喜欢做什么？', '她喜欢看书。').answered).toBe(true);
  });

  it('carries the question’s subject into the answer', () => {
    expect(check('你妈妈喜欢做什么？', '我妈妈喜欢做饭。').about).toBe('question');
    expect(check('你妈妈喜欢做什么？', '她喜欢看书。').about).toBe('question');
    expect(check('你妈妈喜欢做什么？', '我喜欢吃苹果。').about).toBe('other');
    expect(check('你周末常常做什么？', '我周末常常看书。').about).toBe('question');
    expect(check('你周末常常做什么？', '他周末常常看书。').about).toBe('other');
  });

  it('tells a reply set at another time than the question’s', () => {
    expect(check('下课以后你常常去哪儿？', '我每天八点去学校。').otherTime).toBe(true);
    expect(check('下课以后你常常去哪儿？', '下课以后我常常去图书馆。').otherTime).toBe(false);
  });

  it('hears the question said back, with 我, without punctuation, with the recogniser’s spelling', () => {
    const echo = (q: string, a: string, answered = false): boolean =>
      isEcho(q, spokenChars(a), syllables, answered);
    expect(echo('你的生日是几月几号？', '你的生日是几月几号')).toBe(true);
    expect(echo('你的生日是几月几号？', '我你的生日是几月几号。')).toBe(true);
    expect(echo('你的生日是几月几号？', '我的生日是几月几号')).toBe(true);
    expect(echo('你的生日是几月几号？', '嗯你得生日是几月几号')).toBe(true);
    expect(echo('你家有几个人？', '我家有四个人。', true)).toBe(false);
    expect(echo('你喜欢猫还是喜欢狗？', '我喜欢猫。', true)).toBe(false);
  });
});
