/** Whether an answer says its question back: most of its sounds are the question's, in order. */
import { spokenChars } from '@kouyu/core';
import { FILLERS } from './form-words.js';
import { YOU_TOO } from './statement-form.js';

/** Length of the longest common subsequence of two lists. */
function commonRun(a: readonly string[], b: readonly string[]): number {
  let prev = new Array<number>(b.length + 1).fill(0);
  for (const ca of a) {
    const cur = new Array<number>(b.length + 1).fill(0);
    for (let j = 0; j < b.length; j++)
      cur[j + 1] = ca === b[j] ? (prev[j] ?? 0) + 1 : Math.max(prev[j + 1] ?? 0, cur[j] ?? 0);
    prev = cur;
  }
  return prev[b.length] ?? 0;
}

const ECHO_OF_ANSWER = 0.8;
const ECHO_OF_QUESTION = 0.6;
const QUESTION_WORDS = /什么|谁|哪|几|多少|怎么|为什么|吗|呢|还是|多久|多长|多远|多大|多高/g;
// Hesitations a recogniser writes, and the 我 a learner puts before the question said back.

/**
 * Whether the answer says the question back: most of its sounds are the question's, in order, and
 * they are most of the question, with 你 heard as 我, hesitations and punctuation ignored and
 * homophones (the recogniser's spelling) counted as the same. It is an echo when it still holds the
 * question's own question word (你的生日是几月几号 → 我的生日是几月几号) or gives nothing the question
 * asks for; 我家有四个人 for 你家有几个人 takes the question up and answers it.
 */
export function isEcho(
  question: string,
  answer: readonly string[],
  sounds: (chars: readonly string[]) => string[],
  answered: boolean,
): boolean {
  // A question of two sentences said back by one of them (城市发展和环境保护之间常常有矛盾) is an echo
  // too: the sentence that sets the scene is the question's, not the learner's view.
  const sentences = question.split(/[，,。？?！!；;]/).filter((p) => spokenChars(p).length >= SENTENCE_MIN);
  if (sentences.length > 1 && sentences.some((p) => saysBack(p, answer, sounds, false))) return true;
  return saysBack(question, answer, sounds, answered);
}

const SENTENCE_MIN = 8;

const STATEMENT_OF_ANSWER = 0.9;
const STATEMENT_SAID = 0.8;
/**
 * 我每天都看新闻，你呢？ answered 我每天都看新闻: the statement said back as it stands is no answer of the
 * learner's own; 我也每天都看新闻 (a 也, 不 or 没 the statement has not) takes it up.
 */
export function saysStatementBack(
  question: string,
  answer: readonly string[],
  sounds: (chars: readonly string[]) => string[],
): boolean {
  const statement = spokenChars(question.replace(YOU_TOO, ''));
  const a = answer.filter((c) => !FILLERS.test(c));
  if (statement.length < 4 || a.length < 4) return false;
  const own = a.filter((c) => !statement.includes(c));
  if (own.some((c) => /[也不没]/.test(c))) return false;
  const common = commonRun(sounds(statement), sounds(a));
  return common / a.length >= STATEMENT_OF_ANSWER && common / statement.length >= STATEMENT_SAID;
}

const LINES_OF_ANSWER = 0.95;
const LINES_READ = 0.85;
/**
 * Whether a picture answer reads the picture's lines back as a list: nearly all of it is theirs, in
 * order, and it says most of them, with nothing of the learner's own (a view, a guess, a story).
 */
export function readsLinesBack(
  lines: readonly string[],
  answer: readonly string[],
  sounds: (chars: readonly string[]) => string[],
): boolean {
  const given = spokenChars(lines.join(''));
  const a = answer.filter((c) => !FILLERS.test(c));
  if (given.length < 8 || a.length < 8) return false;
  const common = commonRun(sounds(given), sounds(a));
  return common / a.length >= LINES_OF_ANSWER && common / given.length >= LINES_READ;
}

function saysBack(
  question: string,
  answer: readonly string[],
  sounds: (chars: readonly string[]) => string[],
  answered: boolean,
): boolean {
  const q = spokenChars(question).map((c) => (c === '你' || c === '您' ? '我' : c));
  // 你 said back for 你 is the question as much as 我 for 你 is.
  const a = answer.filter((c) => !FILLERS.test(c)).map((c) => (c === '你' || c === '您' ? '我' : c));
  if (q.length < 4 || a.length < 3) return false;
  // The question said back twice (你妈妈做什么工作 我妈妈做什么工作) is still the question.
  const times = Math.max(1, Math.min(3, Math.round(a.length / q.length)));
  const qs = Array.from({ length: times }, () => q).flat();
  const common = commonRun(sounds(qs), sounds(a));
  if (common / a.length < ECHO_OF_ANSWER || common / qs.length < ECHO_OF_QUESTION) return false;
  // 会不会 / 有没有 ask as a question word does: said back, they are still the question.
  const aNotA = /(\p{Script=Han})[不没]\1|有没有/u.exec(question)?.[0];
  const asked = [...(question.match(QUESTION_WORDS) ?? []), ...(aNotA ? [aNotA] : [])];
  const text = a.join('');
  return asked.some((w) => text.includes(w)) || !answered;
}
