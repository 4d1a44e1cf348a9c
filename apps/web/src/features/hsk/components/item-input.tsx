import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isTrueFalseType } from '@kouyu/core';
import type { HskAnswerValue, HskItem } from '@kouyu/core';
import { CharInput } from './inputs/char-input';
import { ChoiceInput } from './inputs/choice-input';
import { PieceOrderInput } from './inputs/piece-order-input';
import { SummaryInput } from './inputs/summary-input';
import { TrueFalseInput } from './inputs/true-false-input';
import { WrittenInput } from './inputs/written-input';

export interface ItemInputProps {
  item: HskItem;
  value: HskAnswerValue | undefined;
  onChange: (value: HskAnswerValue) => void;
  disabled: boolean;
  /** The block shows the options once; only their letters are offered here. */
  compactOptions: boolean;
  showPinyin: boolean;
}

/** The answer field of an item, by type. */
export function ItemInput({ item, value, onChange, disabled, compactOptions, showPinyin }: ItemInputProps) {
  const { t } = useTranslation('hsk');
  const legend = t('item.answerFor', { n: item.number });
  const text = typeof value === 'string' ? value : '';
  if (isTrueFalseType(item.type)) {
    return (
      <TrueFalseInput
        name={item.id}
        legend={legend}
        value={typeof value === 'boolean' ? value : undefined}
        onChange={onChange}
        disabled={disabled}
      />
    );
  }
  if (item.options) {
    return (
      <ChoiceInput
        name={item.id}
        legend={legend}
        options={item.options}
        compact={compactOptions}
        value={typeof value === 'string' ? value : undefined}
        onChange={onChange}
        disabled={disabled}
        showPinyin={showPinyin}
      />
    );
  }
  switch (item.type) {
    case 'sentence_ordering':
      return (
        <PieceOrderInput
          legend={legend}
          pieces={(item.sentences ?? []).map((s) => ({ id: s.key, label: `${s.key}  ${s.text}` }))}
          order={[...text]}
          onChange={(order) => onChange(order.join(''))}
          disabled={disabled}
          joiner=" → "
        />
      );
    case 'sentence_reorder':
      return (
        <ReorderInput legend={legend} words={item.words ?? []} onChange={onChange} disabled={disabled} />
      );
    case 'character_fill':
      return <CharInput hint={item.pinyin_hint ?? ''} value={text} onChange={onChange} disabled={disabled} />;
    case 'summary':
      return (
        <SummaryInput
          text={item.text ?? ''}
          readingMinutes={item.reading_time ?? 5}
          minChars={item.min_chars}
          maxChars={item.max_chars}
          onChange={onChange}
          disabled={disabled}
        />
      );
    default:
      return (
        <WrittenInput
          label={t('written.label')}
          value={text}
          onChange={onChange}
          disabled={disabled}
          minChars={item.min_chars}
          maxChars={item.max_chars}
          requiredWords={item.required_words}
          rows={item.type === 'short_essay' ? 6 : 3}
        />
      );
  }
}

/** Words put in order; the answer is the sentence they make (a word may appear twice, so positions are kept). */
function ReorderInput({
  legend,
  words,
  onChange,
  disabled,
}: {
  legend: string;
  words: string[];
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const [order, setOrder] = useState<string[]>([]);
  return (
    <PieceOrderInput
      legend={legend}
      pieces={words.map((w, i) => ({ id: String(i), label: w }))}
      order={order}
      onChange={(next) => {
        setOrder(next);
        onChange(next.map((i) => words[Number(i)] ?? '').join(''));
      }}
      disabled={disabled}
      joiner=""
    />
  );
}
