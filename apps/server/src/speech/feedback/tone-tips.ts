/**
 * One line per syllable whose tone was off, in the learner's language, saying how sure the judge is: "你 nǐ:
 * you said a level tone, it dips (almost certain)." The voice analysis (speech/voice) hears the tones; the
 * examiner adds these lines to its tips. Only confident "wrong" judgements get a line (core toneVerdict);
 * syllables the judge was not sure of are named as left out, never as mistakes.
 */
import { toneCertainty, toneVerdict } from '@kouyu/core';
import type { AssessedSyllable, Language, Tone } from '@kouyu/core';

const SAID: Record<Language, Record<Tone, string>> = {
  en: {
    1: 'a level tone',
    2: 'a rising tone',
    3: 'a dipping tone',
    4: 'a falling tone',
    5: 'a light neutral tone',
  },
  zh: { 1: '一声（平）', 2: '二声（升）', 3: '三声（降升）', 4: '四声（降）', 5: '轻声' },
  ru: {
    1: 'ровный тон',
    2: 'восходящий тон',
    3: 'нисходяще-восходящий тон',
    4: 'нисходящий тон',
    5: 'лёгкий нейтральный тон',
  },
};

const SHOULD: Record<Language, Record<Tone, string>> = {
  en: {
    1: 'it stays high and level',
    2: 'it rises',
    3: 'it dips',
    4: 'it falls',
    5: 'it is light and short',
  },
  zh: { 1: '应该读高平调', 2: '应该读升调', 3: '应该读降升调', 4: '应该读降调', 5: '应该读得轻而短' },
  ru: {
    1: 'он должен быть высоким и ровным',
    2: 'он должен подниматься',
    3: 'он должен опускаться и подниматься',
    4: 'он должен падать',
    5: 'он должен быть лёгким и коротким',
  },
};

type Certainty = ReturnType<typeof toneCertainty>;

const SURE: Record<Language, Record<Certainty, string>> = {
  en: { certain: 'almost certain', probable: 'probably: listen and compare' },
  zh: { certain: '几乎可以肯定', probable: '可能如此：请听录音对比一下' },
  ru: { certain: 'почти наверняка', probable: 'вероятно: послушайте и сравните' },
};

const LINE: Record<Language, (head: string, said: string, should: string, sure: string) => string> = {
  en: (head, said, should, sure) => `${head}: you said ${said}, ${should} (${sure}).`,
  zh: (head, said, should, sure) => `${head}：你读成了${said}，${should}（${sure}）。`,
  ru: (head, said, should, sure) => `${head}: вы произнесли ${said}, а ${should} (${sure}).`,
};

function ruSyllables(n: number): string {
  const form = new Intl.PluralRules('ru').select(n);
  return form === 'one' ? 'слог' : form === 'few' ? 'слога' : 'слогов';
}

const LEFT_OUT: Record<Language, (n: number) => string> = {
  en: (n) =>
    `${n} ${n === 1 ? 'syllable was' : 'syllables were'} not clear enough to judge and ${n === 1 ? 'was' : 'were'} not counted.`,
  zh: (n) => `有 ${n} 个音节听得不够清楚，没有计入。`,
  ru: (n) =>
    `${n} ${ruSyllables(n)} не удалось уверенно оценить, ${n === 1 ? 'он не учтён' : 'они не учтены'}.`,
};

/** The tip for each syllable judged wrong (at most `max`), in `language`, each saying how sure it is. */
export function toneTips(syllables: readonly AssessedSyllable[], language: Language, max = 5): string[] {
  return syllables
    .filter((s) => toneVerdict(s) === 'wrong' && s.heard_tone !== null)
    .slice(0, max)
    .map((s) =>
      LINE[language](
        `${s.char} ${s.pinyin}`,
        SAID[language][s.heard_tone ?? 5],
        SHOULD[language][s.expected_tone],
        SURE[language][toneCertainty(s)],
      ),
    );
}

/** The note on full-tone syllables the judge was not sure of (null when there is none): they are not counted. */
export function toneLeftOut(syllables: readonly AssessedSyllable[], language: Language): string | null {
  const n = syllables.filter((s) => s.expected_tone !== 5 && toneVerdict(s) === 'unsure').length;
  return n > 0 ? LEFT_OUT[language](n) : null;
}
