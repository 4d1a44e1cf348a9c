/**
 * One line per syllable whose tone was off, in the learner's language: "你 nǐ: you said a level tone, it
 * dips". The voice analysis (speech/voice) hears the tones; the examiner adds these lines to its tips.
 */
import { toneVerdict } from '@kouyu/core';
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

const LINE: Record<Language, (head: string, said: string, should: string) => string> = {
  en: (head, said, should) => `${head}: you said ${said}, ${should}.`,
  zh: (head, said, should) => `${head}：你读成了${said}，${should}。`,
  ru: (head, said, should) => `${head}: вы произнесли ${said}, а ${should}.`,
};

/** The tip for each syllable judged wrong (at most `max`), in `language`. */
export function toneTips(syllables: readonly AssessedSyllable[], language: Language, max = 5): string[] {
  return syllables
    .filter((s) => toneVerdict(s) === 'wrong' && s.heard_tone !== null)
    .slice(0, max)
    .map((s) =>
      LINE[language](
        `${s.char} ${s.pinyin}`,
        SAID[language][s.heard_tone ?? 5],
        SHOULD[language][s.expected_tone],
      ),
    );
}
