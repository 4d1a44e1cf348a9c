import type { ScoreBand } from '@kouyu/core';
import type { Dimension, FeedbackLanguage } from './types.js';

/** Every sentence the examiner (and the LLM fallback notices) can say, per UI language. */
export interface Wording {
  listSeparator: string;
  scoreLine: (score: number, band: string) => string;
  bands: {
    reference: Record<ScoreBand, string>;
    open: Record<ScoreBand, string>;
    /** Written answers (HSK writing) are judged on content and wording, not on pauses. */
    written: Record<ScoreBand, string>;
  };
  headings: {
    right: string;
    missed: string;
    reference: string;
    model: string;
    next: string;
    improved: string;
    dimensions: string;
  };
  dimension: Record<Dimension, string>;
  subScore: (name: string, score: number) => string;
  tips: {
    offTopic: (opening: string) => string;
    relevancePartial: (words: string) => string;
    stance: string;
    keywords: (example: string) => string;
    fragments: (example: string) => string;
    repeated: string;
    links: string;
    short: (chars: number, expected: number) => string;
    pauses: (share: number) => string;
    hesitation: string;
    tones: (list: string) => string;
    pinyin: string;
    notChinese: string;
  };
  good: {
    sentences: (links: string) => string;
    relevant: string;
    stance: string;
    tones: (accuracy: number) => string;
  };
  voiceOnly: string;
  voicePace: (spm: number, pauses: number) => string;
  voiceOnlyNext: string;
  locked: string;
  legend: string;
  empty: string;
  emptyNext: string;
  emptyWritten: string;
  emptyWrittenNext: string;
  reproduced: (correct: number, total: number) => string;
  homophones: (pairs: string) => string;
  missing: (runs: string) => string;
  wrong: (pairs: string) => string;
  extra: (runs: string) => string;
  keyPointsHit: (points: string) => string;
  keyPointsMissed: (points: string) => string;
  offTopic: string;
  lengthGood: (chars: number) => string;
  lengthShort: (chars: number, expected: number) => string;
  vocabGood: (count: number, levels: string) => string;
  vocabLow: (levels: string) => string;
  rateGood: (cpm: number) => string;
  rateSlow: (cpm: number, target: number) => string;
  next: {
    referencePerfect: string;
    referenceMissing: (part: string) => string;
    referenceSounds: (chars: string) => string;
    retellPoints: (points: string) => string;
    openOffTopic: (opening: string) => string;
    openPoints: (points: string) => string;
    openShort: (expected: number) => string;
    openWords: (words: string) => string;
    openSlow: string;
    openGood: string;
  };
  notices: { llmFailed: string; llmNoScore: string; llmMalformed: string };
}

function ruPlural(n: number, one: string, few: string, many: string): string {
  const form = new Intl.PluralRules('ru').select(n);
  return form === 'one' ? one : form === 'few' ? few : many;
}

const en: Wording = {
  listSeparator: ', ',
  scoreLine: (score, band) => `Score: ${score}/100 — ${band}.`,
  bands: {
    reference: {
      high: 'accurate, close to the original',
      mid: 'partly accurate',
      low: 'barely related to the original',
    },
    open: {
      high: 'relevant and fluent, with few pauses',
      mid: 'mostly relevant, with pauses or errors',
      low: 'off the topic or too little information',
    },
    written: {
      high: 'on the task and well written',
      mid: 'mostly on the task, with gaps or errors',
      low: 'off the task or too little written',
    },
  },
  headings: {
    right: 'What went well:',
    missed: 'What to work on:',
    reference: 'The original with pinyin:',
    model: 'A model answer with pinyin:',
    next: 'Next step:',
    improved: 'Your answer, improved (with pinyin):',
    dimensions: 'Score by dimension:',
  },
  dimension: {
    task: 'Accuracy',
    relevance: 'Relevance',
    coherence: 'Sentences and coherence',
    vocabulary: 'Vocabulary',
    length: 'Length',
    fluency: 'Fluency',
    tones: 'Tones',
    language: 'Language',
  },
  subScore: (name, score) => `${name}: ${score}/100`,
  tips: {
    offTopic: (o) =>
      `Relevance: the answer does not address the question. Start from its own words, e.g. 「${o}」, then add two details.`,
    relevancePartial: (words) => `Relevance: stay closer to the question; talk about ${words}.`,
    stance:
      'Relevance: the question asks for your view. Say it first (我觉得…… / 我同意……), then why (因为……).',
    keywords: (e) => `Coherence: you listed words. Say them in sentences: ${e}`,
    fragments: (e) => `Coherence: say whole sentences with a subject and a verb, e.g. ${e}`,
    repeated: 'Coherence: you repeated words. Say each idea once, then go on with 然后, 而且 or 另外.',
    links: 'Coherence: link your ideas with 因为……所以……, 而且 or 另外, and close with 总之…….',
    short: (c, e) =>
      `Length: ${c} characters where about ${e} are expected. Add a reason (因为……) and an example (比如……).`,
    pauses: (p) => `Fluency: ${p}% of the recording was silence. Practise the answer aloud until it flows.`,
    hesitation: 'Fluency: many hesitations (嗯, ……). Plan your first sentence before you speak.',
    tones: (l) => `Tones: practise ${l}.`,
    pinyin:
      'Language: the answer came through as pinyin, not Chinese. Speak Chinese so it is transcribed in characters.',
    notChinese:
      'Language: the answer is not in Chinese. Answer in Chinese, even with simple words: 我觉得……，因为…….',
  },
  good: {
    sentences: (l) =>
      l ? `You spoke in sentences and linked them (${l}).` : 'You spoke in complete sentences.',
    relevant: 'Your answer stays on the question.',
    stance: 'You gave your own view, as the question asks.',
    tones: (a) => `${a}% of the tones checked were right.`,
  },
  voiceOnly:
    'No transcript came through, so the content could not be judged; this is what the recording itself shows.',
  voicePace: (spm, p) => `Pace ${spm} syllables per minute; ${p}% of the recording was silence.`,
  voiceOnlyNext:
    'Record again in a quiet place, close to the microphone, so your words can be transcribed and judged.',
  locked:
    'Plus shows every dimension with its sub-score, your answer improved with pinyin, the character alignment and model answers. Get Plus to see them.',
  legend: '【 】 marks characters you missed or that were heard differently.',
  empty: 'No answer was recorded, so this question scores 0.',
  emptyNext: 'Speak before the time runs out — even one short sentence earns points.',
  emptyWritten: 'Nothing was written, so this task scores 0.',
  emptyWrittenNext: 'Write at least one complete sentence — even a short one earns points.',
  reproduced: (c, t) => `You reproduced ${c} of ${t} characters exactly.`,
  homophones: (p) => `Right sound, other character (often the recogniser's spelling, counted lightly): ${p}.`,
  missing: (r) => `Missing: ${r}.`,
  wrong: (p) => `Said differently (expected → heard): ${p}.`,
  extra: (r) => `Added: ${r}.`,
  keyPointsHit: (p) => `You covered: ${p}.`,
  keyPointsMissed: (p) => `Not mentioned: ${p}.`,
  offTopic: 'The answer does not address the question.',
  lengthGood: (c) => `Good length: ${c} characters.`,
  lengthShort: (c, e) => `Too short: ${c} characters where about ${e} are expected.`,
  vocabGood: (n, l) => `You used ${n} words at HSK ${l} level.`,
  vocabLow: (l) => `Few words at HSK ${l} level; the answer relies on simpler words.`,
  rateGood: (cpm) => `Steady pace: ${cpm} characters per minute.`,
  rateSlow: (cpm, t) => `Slow pace: ${cpm} characters per minute; aim for about ${t}.`,
  next: {
    referencePerfect: 'Say it once more at natural speed without pausing, then move on to a longer sentence.',
    referenceMissing: (p) =>
      `Listen again and repeat the part 「${p}」 three times, then say the whole sentence.`,
    referenceSounds: (c) => `Practise ${c} with their pinyin and tones, then say the whole sentence again.`,
    retellPoints: (p) => `Retell it again and include: ${p}.`,
    openOffTopic: (o) => `Start by echoing the question, e.g. 「${o}」, then give two details about it.`,
    openPoints: (p) => `Answer again and also talk about: ${p}.`,
    openShort: (e) => `Add a reason (因为……) and an example (比如……) to reach about ${e} characters.`,
    openWords: (w) => `Try working these words into your answer: ${w}.`,
    openSlow: 'Practise the answer aloud three times so it flows with fewer pauses.',
    openGood: 'Keep this structure and link your ideas with words such as 而且, 所以 or 另外.',
  },
  notices: {
    llmFailed: 'The AI reviewer failed, so the examiner feedback below is used instead.',
    llmNoScore: 'The AI reviewer gave no score, so the examiner feedback below is used instead.',
    llmMalformed:
      'The AI reviewer answered in an unreadable form, so the examiner feedback below is used instead.',
  },
};

const zh: Wording = {
  listSeparator: '、',
  scoreLine: (score, band) => `得分：${score}/100——${band}。`,
  bands: {
    reference: { high: '准确，与原文基本一致', mid: '部分准确', low: '与原文关系不大' },
    open: { high: '内容切题，表达流利，停顿少', mid: '基本切题，有停顿和错误', low: '内容不切题或信息很少' },
    written: { high: '内容切题，书写通顺', mid: '基本切题，有遗漏或错误', low: '内容不切题或写得太少' },
  },
  headings: {
    right: '做得好的地方：',
    missed: '需要改进的地方：',
    reference: '原文（附拼音）：',
    model: '参考答案（附拼音）：',
    next: '下一步：',
    improved: '帮你改进的回答（附拼音）：',
    dimensions: '各项得分：',
  },
  dimension: {
    task: '准确度',
    relevance: '切题',
    coherence: '句子与连贯',
    vocabulary: '词汇',
    length: '长度',
    fluency: '流利度',
    tones: '声调',
    language: '语言',
  },
  subScore: (name, score) => `${name}：${score}/100`,
  tips: {
    offTopic: (o) => `切题：回答没有针对问题。先用问题里的词开头，比如「${o}」，再说两个细节。`,
    relevancePartial: (words) => `切题：请更紧扣问题，谈谈${words}。`,
    stance: '切题：问题问的是你的看法。先说观点（我觉得…… / 我同意……），再说原因（因为……）。',
    keywords: (e) => `连贯：你只是列出了词语。请把它们说成句子：${e}`,
    fragments: (e) => `连贯：请说有主语和谓语的完整句子，比如：${e}`,
    repeated: '连贯：你重复了词语。每个意思说一遍，再用"然后、而且、另外"接着说。',
    links: '连贯：用"因为……所以……、而且、另外"把观点连接起来，最后用"总之……"结尾。',
    short: (c, e) => `长度：只有 ${c} 个字，要求大约 ${e} 个字。加上一个原因（因为……）和一个例子（比如……）。`,
    pauses: (p) => `流利度：录音中 ${p}% 是停顿。把回答大声练几遍，让表达更连贯。`,
    hesitation: '流利度：犹豫太多（嗯、……）。开口前先想好第一句话。',
    tones: (l) => `声调：请练习 ${l}。`,
    pinyin: '语言：识别到的是拼音而不是汉语。请用汉语说，这样才能识别成汉字。',
    notChinese: '语言：回答不是汉语。请用汉语回答，简单的词也可以：我觉得……，因为……。',
  },
  good: {
    sentences: (l) => (l ? `你用完整的句子回答，并用了连接词（${l}）。` : '你用了完整的句子。'),
    relevant: '回答紧扣问题。',
    stance: '你按问题的要求说出了自己的看法。',
    tones: (a) => `检查的声调中 ${a}% 是对的。`,
  },
  voiceOnly: '没有得到文字转写，无法评判内容；下面是录音本身反映的情况。',
  voicePace: (spm, p) => `语速每分钟 ${spm} 个音节；录音中 ${p}% 是停顿。`,
  voiceOnlyNext: '请在安静的地方靠近麦克风再录一次，这样你的话才能被转写和评分。',
  locked: 'Plus 会员可以看到每一项的得分、附拼音的改进回答、逐字对照和参考答案。开通 Plus 即可查看。',
  legend: '【 】标出的是漏说或被识别成其他字的部分。',
  empty: '没有录到回答，本题得 0 分。',
  emptyNext: '在时间结束前开口回答，哪怕只说一句短句也能得分。',
  emptyWritten: '没有写回答，本题得 0 分。',
  emptyWrittenNext: '至少写一个完整的句子，哪怕很短也能得分。',
  reproduced: (c, t) => `原文 ${t} 个字中，你准确说出了 ${c} 个。`,
  homophones: (p) => `读音正确但识别成了别的字（多为语音识别的同音字，扣分较少）：${p}。`,
  missing: (r) => `漏说：${r}。`,
  wrong: (p) => `说得不同（应为 → 听到）：${p}。`,
  extra: (r) => `多说：${r}。`,
  keyPointsHit: (p) => `你谈到了：${p}。`,
  keyPointsMissed: (p) => `没有提到：${p}。`,
  offTopic: '回答没有针对问题。',
  lengthGood: (c) => `长度合适：${c} 个字。`,
  lengthShort: (c, e) => `回答太短：${c} 个字，要求大约 ${e} 个字。`,
  vocabGood: (n, l) => `你用了 ${n} 个 HSK ${l} 级词语。`,
  vocabLow: (l) => `HSK ${l} 级词语用得很少，回答以简单词为主。`,
  rateGood: (cpm) => `语速平稳：每分钟 ${cpm} 个字。`,
  rateSlow: (cpm, t) => `语速偏慢：每分钟 ${cpm} 个字，目标约 ${t} 个字。`,
  next: {
    referencePerfect: '用自然的语速不停顿地再说一遍，然后练习更长的句子。',
    referenceMissing: (p) => `再听一遍，把「${p}」这部分重复三遍，然后说完整句。`,
    referenceSounds: (c) => `对照拼音和声调练习${c}，然后再说一遍整句。`,
    retellPoints: (p) => `再复述一遍，并说到：${p}。`,
    openOffTopic: (o) => `先用问题里的关键词开头，比如「${o}」，再说两个具体细节。`,
    openPoints: (p) => `再回答一遍，并谈谈：${p}。`,
    openShort: (e) => `加上一个原因（因为……）和一个例子（比如……），说到大约 ${e} 个字。`,
    openWords: (w) => `试着在回答里用上这些词：${w}。`,
    openSlow: '把回答大声练习三遍，让表达更连贯、停顿更少。',
    openGood: '保持这个结构，用"而且、所以、另外"等词把观点连接起来。',
  },
  notices: {
    llmFailed: 'AI 点评出错，下面改用考官评分的反馈。',
    llmNoScore: 'AI 点评没有给出分数，下面改用考官评分的反馈。',
    llmMalformed: 'AI 点评的格式无法读取，下面改用考官评分的反馈。',
  },
};

const chars = (n: number): string => ruPlural(n, 'иероглиф', 'иероглифа', 'иероглифов');
// After «из» and «около» the noun takes the genitive.
const charsOf = (n: number): string => ruPlural(n, 'иероглифа', 'иероглифов', 'иероглифов');

const ru: Wording = {
  listSeparator: ', ',
  scoreLine: (score, band) => `Оценка: ${score}/100 — ${band}.`,
  bands: {
    reference: {
      high: 'точно, близко к оригиналу',
      mid: 'частично точно',
      low: 'почти не связано с оригиналом',
    },
    open: {
      high: 'по теме, беглая речь, мало пауз',
      mid: 'в основном по теме, есть паузы и ошибки',
      low: 'не по теме или слишком мало информации',
    },
    written: {
      high: 'по заданию и хорошо написано',
      mid: 'в основном по заданию, есть пропуски или ошибки',
      low: 'не по заданию или написано слишком мало',
    },
  },
  headings: {
    right: 'Что получилось:',
    missed: 'Над чем поработать:',
    reference: 'Оригинал с пиньинем:',
    model: 'Образец ответа с пиньинем:',
    next: 'Следующий шаг:',
    improved: 'Ваш ответ, улучшенный (с пиньинем):',
    dimensions: 'Оценка по критериям:',
  },
  dimension: {
    task: 'Точность',
    relevance: 'Соответствие вопросу',
    coherence: 'Предложения и связность',
    vocabulary: 'Лексика',
    length: 'Объём',
    fluency: 'Беглость',
    tones: 'Тоны',
    language: 'Язык',
  },
  subScore: (name, score) => `${name}: ${score}/100`,
  tips: {
    offTopic: (o) =>
      `Соответствие: ответ не по вопросу. Начните со слов вопроса, например 「${o}」, затем добавьте две детали.`,
    relevancePartial: (words) => `Соответствие: держитесь ближе к вопросу; расскажите о ${words}.`,
    stance:
      'Соответствие: вопрос о вашем мнении. Скажите его сначала (我觉得…… / 我同意……), затем почему (因为……).',
    keywords: (e) => `Связность: вы перечислили слова. Скажите их предложениями: ${e}`,
    fragments: (e) => `Связность: говорите полными предложениями с подлежащим и сказуемым, например: ${e}`,
    repeated:
      'Связность: вы повторяли слова. Скажите каждую мысль один раз и продолжайте с 然后, 而且 или 另外.',
    links: 'Связность: связывайте мысли словами 因为……所以……, 而且, 另外 и завершите через 总之…….',
    short: (c, e) =>
      `Объём: ${c} ${chars(c)} вместо примерно ${e}. Добавьте причину (因为……) и пример (比如……).`,
    pauses: (p) =>
      `Беглость: ${p}% записи — паузы. Проговорите ответ вслух несколько раз, чтобы речь шла ровно.`,
    hesitation: 'Беглость: много заминок (嗯, ……). Продумайте первое предложение до начала ответа.',
    tones: (l) => `Тоны: потренируйте ${l}.`,
    pinyin:
      'Язык: ответ распознан как пиньинь, а не китайская речь. Говорите по-китайски, чтобы ответ записался иероглифами.',
    notChinese:
      'Язык: ответ не на китайском. Отвечайте по-китайски, даже простыми словами: 我觉得……，因为…….',
  },
  good: {
    sentences: (l) =>
      l ? `Вы говорили предложениями и связывали их (${l}).` : 'Вы говорили полными предложениями.',
    relevant: 'Ответ держится вопроса.',
    stance: 'Вы высказали своё мнение, как просит вопрос.',
    tones: (a) => `${a}% проверенных тонов верны.`,
  },
  voiceOnly: 'Расшифровка не получена, поэтому содержание оценить нельзя; вот что показывает сама запись.',
  voicePace: (spm, p) => `Темп ${spm} слогов в минуту; ${p}% записи — паузы.`,
  voiceOnlyNext: 'Запишите ещё раз в тихом месте ближе к микрофону, чтобы речь распозналась и была оценена.',
  locked:
    'В Plus видны все критерии с баллами, ваш улучшенный ответ с пиньинем, посимвольная сверка и образцы ответов. Оформите Plus, чтобы их увидеть.',
  legend: '【 】 отмечают пропущенные или услышанные иначе иероглифы.',
  empty: 'Ответ не записан, поэтому за вопрос 0 баллов.',
  emptyNext: 'Начните говорить до конца времени — даже одно короткое предложение приносит баллы.',
  emptyWritten: 'Ответ не написан, поэтому за задание 0 баллов.',
  emptyWrittenNext: 'Напишите хотя бы одно полное предложение — даже короткое приносит баллы.',
  reproduced: (c, t) => `Вы точно воспроизвели ${c} из ${t} ${charsOf(t)}.`,
  homophones: (p) => `Звук верный, иероглиф другой (обычно ошибка распознавания, штраф небольшой): ${p}.`,
  missing: (r) => `Пропущено: ${r}.`,
  wrong: (p) => `Сказано иначе (нужно → услышано): ${p}.`,
  extra: (r) => `Лишнее: ${r}.`,
  keyPointsHit: (p) => `Вы затронули: ${p}.`,
  keyPointsMissed: (p) => `Не упомянуто: ${p}.`,
  offTopic: 'Ответ не относится к вопросу.',
  lengthGood: (c) => `Хорошая длина: ${c} ${chars(c)}.`,
  lengthShort: (c, e) => `Слишком коротко: ${c} ${chars(c)}, ожидается около ${e}.`,
  vocabGood: (n, l) => `Вы использовали ${n} ${ruPlural(n, 'слово', 'слова', 'слов')} уровня HSK ${l}.`,
  vocabLow: (l) => `Мало слов уровня HSK ${l}; ответ построен на простых словах.`,
  rateGood: (cpm) => `Ровный темп: ${cpm} ${chars(cpm)} в минуту.`,
  rateSlow: (cpm, t) => `Медленный темп: ${cpm} ${chars(cpm)} в минуту; цель — около ${t}.`,
  next: {
    referencePerfect:
      'Повторите ещё раз в естественном темпе без пауз, затем переходите к более длинной фразе.',
    referenceMissing: (p) =>
      `Прослушайте ещё раз и повторите часть 「${p}」 три раза, затем скажите всю фразу.`,
    referenceSounds: (c) => `Потренируйте ${c} по пиньиню с тонами, затем повторите всю фразу.`,
    retellPoints: (p) => `Перескажите ещё раз и упомяните: ${p}.`,
    openOffTopic: (o) => `Начните с повтора вопроса, например 「${o}」, затем добавьте две детали.`,
    openPoints: (p) => `Ответьте ещё раз и расскажите также о: ${p}.`,
    openShort: (e) => `Добавьте причину (因为……) и пример (比如……), чтобы набрать около ${e} ${charsOf(e)}.`,
    openWords: (w) => `Попробуйте использовать в ответе слова: ${w}.`,
    openSlow: 'Проговорите ответ вслух три раза, чтобы речь шла ровнее и с меньшим числом пауз.',
    openGood: 'Сохраните эту структуру и связывайте мысли словами 而且, 所以 или 另外.',
  },
  notices: {
    llmFailed: 'ИИ-проверка не удалась, поэтому ниже показан отзыв экзаменатора.',
    llmNoScore: 'ИИ-проверка не выставила оценку, поэтому ниже показан отзыв экзаменатора.',
    llmMalformed: 'ИИ-проверка ответила в нечитаемом виде, поэтому ниже показан отзыв экзаменатора.',
  },
};

/** The wording table per UI language. */
export const WORDING: Record<FeedbackLanguage, Wording> = { en, zh, ru };
