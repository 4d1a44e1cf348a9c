import { useTranslation } from 'react-i18next';
import type { HskItem } from '@kouyu/core';
import { itemUrls, silentLines } from '../lib/blocks';
import { AudioButton } from './audio-button';
import { Picture } from './picture';
import { ZhText } from './zh-text';

export interface ItemPromptProps {
  item: HskItem;
  /** The block above plays the recording / shows the text. */
  sharedScript: boolean;
  sharedText: boolean;
  showPinyin: boolean;
  /** In a timed run the spoken question is only heard (as in the exam) until the answers are scored. */
  hideSpokenQuestion: boolean;
  once: boolean;
}

/** What an item shows before its answer field: recording, picture, sentence, text, question or task. */
export function ItemPrompt({
  item,
  sharedScript,
  sharedText,
  showPinyin,
  hideSpokenQuestion,
  once,
}: ItemPromptProps) {
  const { t } = useTranslation('hsk');
  const urls = itemUrls(item, sharedScript);
  const silent = sharedScript ? [] : silentLines(item.script);
  const spoken = item.type === 'dialogue_question' || item.type === 'passage_question';
  return (
    <div className="flex flex-col gap-3">
      {urls.length > 0 ? (
        <AudioButton
          playerKey={item.id}
          urls={urls}
          once={once}
          label={sharedScript ? t('audio.playQuestion') : t('audio.play')}
        />
      ) : null}
      {silent.length > 0 ? <SilentScript lines={silent} /> : null}
      {item.picture ? <Picture picture={item.picture} size="lg" /> : null}
      {item.prompt ? <p className="font-medium">{item.prompt}</p> : null}
      {item.text && !sharedText && item.type !== 'summary' ? (
        <ZhText
          text={item.text}
          pinyin={item.text_pinyin}
          showPinyin={showPinyin}
          className="whitespace-pre-line rounded-xl bg-surface-sunken p-3 leading-7"
        />
      ) : null}
      {item.sentence ? (
        <ZhText
          text={item.sentence}
          pinyin={item.sentence_pinyin}
          showPinyin={showPinyin}
          className="text-lg"
        />
      ) : null}
      {item.passage && item.blank !== undefined ? (
        <p className="text-sm font-medium text-ink-muted">{t('item.blank', { n: item.blank })}</p>
      ) : null}
      {item.statement ? (
        <p className="flex gap-2 text-lg">
          <span aria-hidden="true" className="text-warning">
            ★
          </span>
          <ZhText text={item.statement} pinyin={item.statement_pinyin} showPinyin={showPinyin} />
        </p>
      ) : null}
      {item.question && !(spoken && hideSpokenQuestion) ? (
        <ZhText
          text={item.question}
          pinyin={item.question_pinyin}
          showPinyin={showPinyin}
          className="text-lg font-medium"
        />
      ) : null}
    </div>
  );
}

/** Recorded lines the server could not voice: read instead of heard. */
export function SilentScript({ lines }: { lines: { speaker: string; text: string }[] }) {
  const { t } = useTranslation('hsk');
  return (
    <div role="note" className="rounded-xl border border-warning/40 p-3 text-sm">
      <p className="mb-1 text-warning">{t('audio.unavailable')}</p>
      {lines.map((l, i) => (
        <p key={i} lang="zh-CN">
          {l.speaker}：{l.text}
        </p>
      ))}
    </div>
  );
}
