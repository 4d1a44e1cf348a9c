import { hskItemPoints } from '@kouyu/core';
import type { HskAudio, HskItem, HskOption, HskPicture, Language } from '@kouyu/core';
import type { StoredItem } from './content.js';
import { iconUrl } from './icons.js';

type Picture = { icon: string; alt: { en: string; zh: string; ru: string } };

function picture(p: Picture, lang: Language): HskPicture {
  return { icon: p.icon, url: iconUrl(p.icon), alt: p.alt[lang] };
}

function options(
  list: readonly { key: string; text?: string; pinyin?: string; picture?: Picture }[],
  lang: Language,
): HskOption[] {
  return list.map((o) => ({
    key: o.key,
    ...(o.text !== undefined ? { text: o.text } : {}),
    ...(o.pinyin !== undefined ? { pinyin: o.pinyin } : {}),
    ...(o.picture ? { picture: picture(o.picture, lang) } : {}),
  }));
}

/**
 * An item as the learner sees it: no answer, explanation, model answer or key points; listening
 * lines become audio (their text only when the audio is missing, so the item stays answerable).
 */
export function publicItem(
  item: StoredItem,
  index: number,
  lang: Language,
  audio: ReadonlyMap<string, HskAudio | null>,
): HskItem {
  const head = {
    id: item.id,
    type: item.type,
    number: index + 1,
    group: item.group ?? null,
    points: hskItemPoints(item.type),
  };
  const sound = (text: string) => audio.get(text) ?? null;
  const script =
    'script' in item && item.script
      ? {
          script: item.script.map((line) => {
            const a = sound(line.text);
            return { speaker: line.speaker, audio: a, ...(a ? {} : { text: line.text }) };
          }),
        }
      : {};
  switch (item.type) {
    case 'picture_true_false':
      return { ...head, ...script, picture: picture(item.picture, lang) };
    case 'picture_matching':
      return {
        ...head,
        ...script,
        options: options(item.options, lang),
        ...(item.sentence !== undefined ? { sentence: item.sentence } : {}),
        ...(item.sentence_pinyin !== undefined ? { sentence_pinyin: item.sentence_pinyin } : {}),
      };
    case 'dialogue_question':
      return {
        ...head,
        ...script,
        question_audio: sound(item.question_audio),
        question: item.question,
        ...(item.question_pinyin !== undefined ? { question_pinyin: item.question_pinyin } : {}),
        options: options(item.options, lang),
      };
    case 'passage_question':
      return {
        ...head,
        ...script,
        question_audio: sound(item.question_audio),
        question: item.question,
        options: options(item.options, lang),
      };
    case 'statement_true_false':
      return { ...head, ...script, statement: item.statement };
    case 'word_fill':
      return {
        ...head,
        options: options(item.options, lang),
        ...(item.sentence !== undefined ? { sentence: item.sentence } : {}),
        ...(item.sentence_pinyin !== undefined ? { sentence_pinyin: item.sentence_pinyin } : {}),
        ...(item.passage !== undefined ? { passage: item.passage } : {}),
        ...(item.blank !== undefined ? { blank: item.blank } : {}),
      };
    case 'sentence_matching':
      return {
        ...head,
        question: item.question,
        ...(item.question_pinyin !== undefined ? { question_pinyin: item.question_pinyin } : {}),
        options: options(item.options, lang),
      };
    case 'true_false':
      return {
        ...head,
        text: item.text,
        statement: item.statement,
        ...(item.text_pinyin !== undefined ? { text_pinyin: item.text_pinyin } : {}),
        ...(item.statement_pinyin !== undefined ? { statement_pinyin: item.statement_pinyin } : {}),
      };
    case 'sentence_ordering':
      return { ...head, sentences: item.sentences };
    case 'comprehension':
      return { ...head, text: item.text, question: item.question, options: options(item.options, lang) };
    case 'error_sentence':
      return { ...head, question: item.question, options: options(item.options, lang) };
    case 'sentence_reorder':
      return { ...head, words: item.words };
    case 'character_fill':
      return { ...head, sentence: item.sentence, pinyin_hint: item.pinyin_hint };
    case 'picture_word_sentence':
      return {
        ...head,
        picture: picture(item.picture, lang),
        prompt: item.prompt[lang],
        required_words: item.required_words,
        min_chars: item.min_chars,
        max_chars: item.max_chars,
      };
    case 'short_essay':
      return {
        ...head,
        prompt: item.prompt[lang],
        required_words: item.required_words,
        min_chars: item.min_chars,
        max_chars: item.max_chars,
      };
    case 'summary':
      return {
        ...head,
        text: item.text,
        prompt: item.prompt[lang],
        min_chars: item.min_chars,
        max_chars: item.max_chars,
        reading_time: item.reading_time,
      };
  }
}
