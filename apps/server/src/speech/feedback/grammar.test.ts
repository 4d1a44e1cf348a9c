import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { HELD_OUT_FILES } from '../../../eval/examiner-training.js';
import { loadHskkTests } from '../../db/seed/hskk.js';
import { ExaminerEngine } from './examiner.js';
import { grammarErrors } from './grammar.js';
import { loadTagger, tagAnswer } from './segment.js';
import type { Tagger } from './segment.js';

let tagger: Tagger;
beforeAll(async () => {
  tagger = (await loadTagger()).tagger;
});
const rules = (text: string): string[] => grammarErrors(tagAnswer(tagger, text)).map((e) => e.rule);

describe('learners’ grammar errors', () => {
  it.each([
    ['我爸爸每天上班八点。', 'time_after_verb'],
    ['我们见面了星期六 在公园', 'time_after_verb'],
    ['这件衣服是很便宜', 'shi_adjective'],
    ['因为我是累了所以没去', 'shi_adjective'],
    ['我下个月打算买了一个电脑', 'le_on_plan'],
    ['我家有三个孩子们', 'men_after_count'],
    ['他跑步的很快', 'de_for_degree'],
    ['这个城市很漂亮的有', 'dangling_end'],
    ['我学汉语因为了工作', 'yinwei_le'],
    ['作业不很难', 'bu_hen'],
    ['我有两个同学日本的', 'modifier_after_noun'],
    ['今天的天气冷很', 'hen_after_adjective'],
    ['最近工作忙很，没有时间', 'hen_after_adjective'],
    ['我去了过上海两次', 'le_guo'],
    ['周末我喜欢的出去玩', 'de_before_verb'],
    ['我们学校下午放学五点的', 'time_after_verb'],
    ['我每天跑步一个小时多', 'duo_after_unit'],
    ['明天我们去看电影了想', 'modal_at_end'],
    ['我上班穿一个西服和一个裤子', 'measure_word'],
    ['我买了两个书', 'measure_word'],
    ['我的狗今年有五个岁了', 'measure_word'],
    ['我家有两个狗', 'measure_word'],
    ['我每天给它洗一次，洗两次它', 'object_after_count'],
    ['我小时候养猫过', 'guo_after_object'],
    ['我常常做作业在图书馆', 'place_after_object'],
    ['我们下午跳舞在公园', 'place_after_object'],
    ['我周末和朋友踢足球一起', 'yiqi_at_end'],
    ['我昨天买衣服了两件', 'le_after_object'],
    ['我一般八点钟早上起床', 'time_order'],
    ['他说汉语说很好得', 'de_at_end'],
    ['我看了一会儿就睡着了了', 'double_le'],
    ['我把书放在的桌子上', 'de_after_zai'],
    ['因为熊猫是很可爱', 'shi_adjective'],
    ['我唱得不好很', 'hen_after_adjective'],
    ['我哥哥开车得很快', 'de_after_object'],
    ['我们的宿舍在楼三', 'floor_order'],
    ['因为我的作业是很多', 'shi_adjective'],
    ['我昨天买了苹果三个', 'count_after_noun'],
    ['我周末看常常电影', 'adverb_after_verb'],
    ['我妹妹唱很好听', 'de_missing'],
    ['我的作业还没有写完了', 'mei_le'],
    ['我们吃饭在晚上六点', 'time_after_verb'],
    ['我常常一起我妹妹看电影', 'yiqi_before_person'],
    ['老师很好对我', 'dui_at_end'],
    ['我比喜欢咖啡', 'bi_verb'],
    ['我们吃饭了在饭馆', 'place_after_object'],
    ['明天是很冷了', 'shi_adjective'],
  ])('finds in %s: %s', (text, rule) => {
    expect(rules(text)).toContain(rule);
  });

  it.each([
    '我每天八点上班。',
    '他游泳游得很好。',
    '好处是方便，不用出门。',
    '他好像要迟到了，很着急。',
    '让人惊讶的是，它们很少迷路。',
    '我是在一个小城市长大的。',
    '我每天学习两个小时。',
    '我喜欢晚上跑步。',
    '在知识更新越来越快的今天，学习很重要。',
    '他跑得快得很。',
    '我去过上海，吃过了小笼包。',
    '学新闻的去报社实习。',
    '路上车很多，可能是堵车了。',
    '我在北京住了一年多。',
    '你去的话，我也要。',
    '我买了一个书包和一件衣服。',
    '她周末去商场，一逛就是一下午。',
    '我每天喂它两次。',
    '我小时候养过猫。',
    '春节我们回老家过。',
    '我在图书馆做作业。',
    '我住在学校旁边。',
    '我喜欢在手机上买菜。',
    '他的简历在桌子上。',
    '我有朋友在北京。',
    '我觉得问题在这儿。',
    '我周末和朋友一起踢足球。',
    '我们住在一起。',
    '我昨天买了两件衣服。',
    '我一般早上八点起床。',
    '他说汉语说得很好。',
    '我看了一会儿就睡着了。',
    '我把书放在桌子上。',
    '现在的孩子压力很大。',
    '书店有存在的意义。',
    '他的歌有的很快，有的很慢。',
    '我哥哥开车开得很快。',
    '我们的宿舍在三楼。',
    '我的作业很多。',
    '我昨天买了三个苹果。',
    '我一个月去图书馆两次。',
    '我爸爸常常穿衬衫。',
    '外卖一般油和盐比较多。',
    '我们不能常常见面。',
    '我妹妹唱得很好听。',
    '他说很方便。',
    '一个人住很自由。',
    '她也打太极拳。',
    '我的作业还没有写完。',
    '什么都没吃就出门了。',
    '我们已经三年没见面了。',
    '我们晚上六点吃饭。',
    '我们约在星期六。',
    '我常常和我妹妹一起看电影。',
    '老师对我很好。',
    '我更喜欢咖啡。',
    '我们在饭馆吃饭了。',
    '我放学了爸妈还没回来。',
    '他说的对。',
  ])('finds none in a correct sentence: %s', (text) => {
    expect(rules(text)).toEqual([]);
  });

  it('finds none in any model answer, reference text or question the project holds', () => {
    const texts: string[] = [];
    for (const t of loadHskkTests().tests)
      for (const p of t.parts)
        for (const q of p.questions)
          texts.push(q.audio_text, q.reference_text ?? '', ...(q.model_answers ?? []));
    for (const f of [
      'examiner-dev.json',
      'examiner-dev2.json',
      'examiner-blind.json',
      'examiner-probe.json',
    ]) {
      const set = JSON.parse(readFileSync(new URL(`../../../eval/${f}`, import.meta.url), 'utf8')) as {
        items: { model_answers?: string[]; reference_text?: string }[];
      };
      for (const it of set.items) texts.push(it.reference_text ?? '', ...(it.model_answers ?? []));
    }
    const flagged = texts.filter((t) => t && grammarErrors(tagAnswer(tagger, t)).length > 0);
    expect(texts.length).toBeGreaterThan(500);
    expect(flagged).toEqual([]);
  });

  it('finds none in the band-3 answers of any graded set', () => {
    const dir = new URL('../../../eval/', import.meta.url);
    const answers = readdirSync(dir)
      // The held-out sets are measured, not tuned on: one of the twentieth's band-3 answers (现在大家都说要
      // “光盘”，……) is flagged, and is left as found (decision 039); the twenty-third, twenty-sixth,
      // twenty-eighth and twenty-ninth to thirty-second (and the probe set) are not looked at.
      .filter((f) => /^examiner-.*\.json$/.test(f) && !HELD_OUT_FILES.has(f))
      .flatMap((f) => {
        const set = JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as {
          items: { answers: { band: number; text: string }[] }[];
        };
        return set.items.flatMap((it) => it.answers.filter((a) => a.band === 3).map((a) => a.text));
      });
    expect(answers.length).toBeGreaterThan(700);
    expect(answers.filter((t) => grammarErrors(tagAnswer(tagger, t)).length > 0)).toEqual([]);
  });

  it('costs a right answer said with an error points, and the tip names it', async () => {
    const examiner = new ExaminerEngine();
    const input = {
      question_type: 'answer' as const,
      level: 'basic' as const,
      question_text: '你爸爸每天几点上班？',
      time_limit_s: 10,
      model_answers: [],
      key_points: [],
      image_texts: [],
    };
    const right = await examiner.examine({ ...input, answer_text: '他每天八点上班。' }, 'en');
    const wrong = await examiner.examine({ ...input, answer_text: '他每天上班八点。' }, 'en');
    expect(wrong.result.score).toBeLessThan(right.result.score - 10);
    expect(wrong.lines.join('\n')).toContain('上班八点');
    expect(right.lines.join('\n')).not.toContain('Grammar');
  });
});
