/** The examiner's English wording. */
import type { GrammarRule } from './grammar.js';
import type { Wording } from './wording.js';

const GRAMMAR_EN: Record<GrammarRule, string> = {
  time_after_verb: 'Say when before the verb: 我五点下班, not 我下班五点.',
  shi_adjective: 'An adjective needs no 是: 这个很贵, not 这个是很贵.',
  le_on_plan: 'A plan is not done yet: no 了 after 想 / 打算 (我想吃中国菜).',
  men_after_count: 'No 们 after a number: 二十个学生, not 二十个学生们.',
  de_for_degree: 'How well an action is done takes 得: 他游泳游得很好.',
  dangling_end: 'End the sentence on what you say about it: 菜很好吃，也很贵.',
  yinwei_le: 'Say 因为 + a sentence (因为我想学汉语) or 为了 + what for (为了学汉语).',
  bu_hen: 'Say 不太多 or 不多, not 不很多.',
  modifier_after_noun: 'Put the describing word before the noun: 五个中国朋友.',
  hen_after_adjective: 'Put 很 before the describing word: 天气很冷, not 天气冷很.',
  le_guo: 'Say what you have done with 过 alone: 去过北京, not 去了过北京.',
  de_before_verb: 'No 的 before a verb of going: 我喜欢出去玩, not 我喜欢的出去玩.',
  duo_after_unit: 'Put 多 between the count and its unit: 两个多小时, not 两个小时多.',
  modal_at_end: 'Put 要 / 想 before the verb: 我要去爬山, not 我去爬山了要.',
  measure_word: 'Give the noun its own measure word: 一件衣服, 一条裤子, 一本书, 一张票, not 一个….',
  object_after_count: 'Say whom before how often: 我每天喂它两次, not 我每天喂两次它.',
  guo_after_object: 'Put 过 right after the verb: 养过鱼, not 养鱼过.',
  place_after_object: 'Say where before the verb: 我在房间里听音乐, not 我听音乐在房间里.',
  yiqi_at_end: 'Put 一起 before the verb: 跟邻居一起打羽毛球, not 跟邻居打羽毛球一起.',
  le_after_object: 'Put 了 and the count after the verb: 讲了很多故事, not 讲故事了很多.',
  time_order: 'Say the part of the day before the hour: 晚上七点, not 七点晚上.',
  de_at_end: 'How well comes after 得: 他打得很好, not 他打很好得.',
  double_le: 'One 了 is enough: 看一会儿就睡着了.',
  de_after_zai: 'The place follows 在 directly: 放在书包里, not 放在的书包里.',
  de_after_object: 'Say the verb again before 得: 她开车开得很好, not 她开车得很好.',
  floor_order: 'Say the floor number first: 在二楼, not 在楼二.',
  count_after_noun: 'Say how many before the thing: 吃了两个粽子, not 吃了粽子两个.',
  adverb_after_verb: 'Put 一般 / 常常 before the verb: 他一般穿西服, not 他穿一般西服.',
  de_missing: 'How well an action is done takes 得: 考得很好, not 考很好.',
  mei_le: 'What was not done takes no 了: 我没有做完, not 我没有做完了.',
  yiqi_before_person: 'Say whom with 和 / 跟 before 一起: 我常常和我爸爸一起下棋.',
  dui_at_end: 'Say to whom before how: 同事们对我很热情, not 同事们很热情对我.',
  bi_verb: 'Say 我更喜欢热茶, or compare two things with 比: 热茶比牛奶好喝.',
};

export const en: Wording = {
  code: 'en',
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
      `Relevance: the answer does not address the question. Answer it with your own information, e.g. 「${o}」, then add two details.`,
    relevancePartial: (words) => `Relevance: stay closer to the question; talk about ${words}.`,
    stance:
      'Relevance: the question asks for your view. Say it first (我觉得…… / 我同意……), then why (因为……).',
    keywords: (e) => `Coherence: you listed words. Say them in sentences: ${e}`,
    fragments: (e) => `Coherence: say whole sentences with a subject and a verb, e.g. ${e}`,
    repeated: 'Coherence: you repeated words. Say each idea once, then go on with 然后, 而且 or 另外.',
    grammar: (rule, said) => `Grammar: 「${said}」. ${GRAMMAR_EN[rule]}`,
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
    notChineseReference:
      'Language: the answer is not in Chinese. Say the sentence in Chinese, as you heard or read it, character by character.',
    echo: (a) =>
      `Relevance: you said the question back instead of answering it. It asks for ${a}: say that in your first sentence.`,
    linesRead:
      'Relevance: you read out the list of what is in the picture. Describe it in your own sentences: where it is, who is there, what they are doing and what you think of it.',
    formMissing: (a) => `Relevance: the question asks for ${a}, and your answer does not say it.`,
    otherPerson: (who) =>
      `Relevance: the question is about ${who}, but your answer is about someone else. Say what ${who} does.`,
  },
  asked: {
    person: 'a person (who)',
    place: 'a place (where)',
    time: 'a time (when)',
    duration: 'how long or how often',
    number: 'a number',
    reason: 'a reason (因为……)',
    choice: 'a choice between the options',
    evaluation: 'your opinion of it (how it is)',
    object: 'a thing (what)',
    manner: 'a way of doing it (how)',
    yes_no: 'a yes or a no',
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
  vocabGood: (n, l) =>
    `You used ${n} ${new Intl.PluralRules('en').select(n) === 'one' ? 'word' : 'words'} at HSK ${l} level.`,
  vocabLow: (l) => `Few words at HSK ${l} level; the answer relies on simpler words.`,
  rateGood: (cpm) => `Steady pace: ${cpm} characters per minute.`,
  rateSlow: (cpm, t) => `Slow pace: ${cpm} characters per minute; aim for about ${t}.`,
  next: {
    referencePerfect: 'Say it once more at natural speed without pausing, then move on to a longer sentence.',
    referenceMissing: (p) =>
      `Listen again and repeat the part 「${p}」 three times, then say the whole sentence.`,
    referenceSounds: (c) => `Practise ${c} with their pinyin and tones, then say the whole sentence again.`,
    retellPoints: (p) => `Retell it again and include: ${p}.`,
    openOffTopic: (o) =>
      `Answer the question with your own information, e.g. 「${o}」, then give two details.`,
    echo: (e) => `Answer with your own information, e.g. 「${e}」.`,
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
