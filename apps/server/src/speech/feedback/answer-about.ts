/**
 * Whom or what an answer is about, beyond its subject's person words: a remark about a thing or someone
 * else for 你呢, the learner for a thing of the learner's asked about, and a side of A还是B named in its
 * own words.
 */
import { HAN } from './segment.js';
import { STATIVE } from './form-words.js';
import type { QuestionForm } from './question-form.js';
import type { Token } from './segment.js';

/**
 * 羽毛球比网球轻多了 / 你家的猫真可爱 for 我……，你呢？: a sentence about a thing or someone else, with no word
 * of the learner in it, says nothing of the learner (面条。 alone, or 也喜欢, still may).
 */
export function remarkOnly(tokens: readonly Token[], question: string): boolean {
  if (tokens.some((t) => /^(我|自己|咱|俺)/.test(t.word))) return false;
  const words = tokens.filter((t) => HAN.test(t.word));
  // (元宵节的花灯很漂亮: a day and its 的 before the subject set no subject of their own.)
  const first = words.find((t, i) => t.tag !== 't' && !(t.word === '的' && words[i - 1]?.tag === 't'));
  if (!first) return false;
  // (游泳对身体很好 / 象棋是……: the statement's pastime, however tagged, as the subject.)
  const subject =
    /^(n|nr|ns|nz|s|vn)$/.test(first.tag) ||
    /^(你|他|她|它|这|那)/.test(first.word) ||
    (question.includes(first.word) &&
      [...first.word].length > 1 &&
      /^(是|对|很|比|真|太)$/.test(words[words.indexOf(first) + 1]?.word ?? ''));
  return subject && words.slice(words.indexOf(first) + 1).some((t) => /^(v|a)/.test(t.tag));
}

/**
 * 男孩子 for 男生还是女生 / 短裤 for 裙子还是裤子: where two sides differ in one character before an ending
 * they share (男 / 女 before 生), a word opening on a side's own character and going on with the shared
 * ending, a 孩子, a 的 or nothing names that side; where the ending is a noun's suffix (子 of 裤子), a
 * word ending on the side's character (短裤, 长裙) is a kind of it.
 */
export function kindOfSide(w: string, side: string, options: readonly string[]): boolean {
  if (options.length !== 2 || w === side || [...w].length < 2) return false;
  const [a = '', b = ''] = options.map((o) => [...o]);
  if (a.length !== 2 || b.length !== 2 || a[1] !== b[1] || a[0] === b[0]) return false;
  const [own = '', ending = ''] = [...side];
  const rest = w.slice(own.length);
  if (w.startsWith(own) && (rest === ending || /^(孩子?|孩儿|的|人|着)$/.test(rest))) return true;
  return /^[子儿]$/.test(ending) && w.endsWith(own);
}

/**
 * 我今年二十五岁 for 你的小狗今年几岁了 / 我家住在六楼 for 你们的教室在几楼: the learner (or the learner's
 * home) as the subject, the thing asked about never named (nor 它), and nothing the question does to it
 * (我放在门口 for 你的雨伞放在哪儿 puts it there), is about the learner instead.
 */
export function selfForOwned(form: QuestionForm, tokens: readonly Token[], question: string): boolean {
  const owned = form.owned;
  if (!owned) return false;
  const core = owned.slice(-1);
  if (tokens.some((t) => /^它们?$/.test(t.word) || t.word.includes(core))) return false;
  const first = tokens.find((t) => HAN.test(t.word));
  if (!first || !/^(我|我们|我家|我们家)$/.test(first.word)) return false;
  const next = tokens[tokens.indexOf(first) + 1];
  if (next?.word === '的') return false;
  return !tokens.some((t) => /^v/.test(t.tag) && !STATIVE.test(t.word) && question.includes(t.word));
}
