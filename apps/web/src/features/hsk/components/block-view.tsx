import { useTranslation } from 'react-i18next';
import type { HskAnswerValue, HskItemResult } from '@kouyu/core';
import { cn } from '@/components/ui/cn';
import type { Block } from '../lib/blocks';
import { passageParts, scriptUrls, silentLines } from '../lib/blocks';
import { AudioButton } from './audio-button';
import { OptionBank } from './inputs/choice-input';
import { ItemInput } from './item-input';
import { ItemPrompt, SilentScript } from './item-prompt';
import { ItemResult } from './item-result';

export interface BlockViewProps {
  block: Block;
  answers: Record<string, HskAnswerValue>;
  onAnswer: (id: string, value: HskAnswerValue) => void;
  results: ReadonlyMap<string, HskItemResult> | null;
  showPinyin: boolean;
  timed: boolean;
}

/** A group of items with what they share shown once (recording, passage, options), then each item. */
export function BlockView({ block, answers, onAnswer, results, showPinyin, timed }: BlockViewProps) {
  const { t } = useTranslation('hsk');
  const { shared, items } = block;
  const first = items[0];
  const scored = results !== null;
  const once = timed && !scored;
  const sharedUrls = scriptUrls(shared.script);
  return (
    <section
      className={cn('flex flex-col gap-4', items.length > 1 && 'rounded-2xl border border-line p-3 sm:p-4')}
      aria-label={
        items.length > 1 ? t('item.group', { from: first?.number, to: items.at(-1)?.number }) : undefined
      }
    >
      {items.length > 1 ? (
        <p className="text-sm font-medium text-ink-muted">
          {t('item.group', { from: first?.number, to: items.at(-1)?.number })}
        </p>
      ) : null}
      {sharedUrls.length > 0 ? (
        <AudioButton
          playerKey={block.key + ':shared'}
          urls={sharedUrls}
          once={once}
          label={t('audio.play')}
        />
      ) : null}
      {silentLines(shared.script).length > 0 ? <SilentScript lines={silentLines(shared.script)} /> : null}
      {shared.passage ? (
        <p lang="zh-CN" className="rounded-xl bg-surface-sunken p-3 leading-8">
          {passageParts(shared.passage).map((part, i) =>
            part.kind === 'text' ? (
              <span key={i}>{part.text}</span>
            ) : (
              <mark key={i} className="mx-1 rounded bg-brand-soft px-2 font-semibold text-brand">
                {part.n}
              </mark>
            ),
          )}
        </p>
      ) : null}
      {shared.text ? (
        <div lang="zh-CN" className="whitespace-pre-line rounded-xl bg-surface-sunken p-3 leading-7">
          {shared.text}
        </div>
      ) : null}
      {shared.options ? <OptionBank options={shared.options} showPinyin={showPinyin} /> : null}
      {items.map((item) => {
        const result = results?.get(item.id);
        return (
          <article
            key={item.id}
            id={`item-${item.id}`}
            className="flex scroll-mt-24 flex-col gap-3 rounded-2xl bg-surface-raised p-4 shadow-sm"
            aria-labelledby={`item-${item.id}-title`}
            data-testid="hsk-item"
            data-item-id={item.id}
          >
            <h3 id={`item-${item.id}-title`} className="flex items-baseline gap-2 font-semibold">
              {t('item.number', { n: item.number })}
              <span className="text-xs font-normal text-ink-muted">{t(`types.${item.type}`)}</span>
            </h3>
            <ItemPrompt
              item={item}
              sharedScript={shared.script !== undefined}
              sharedText={shared.text !== undefined}
              showPinyin={showPinyin}
              hideSpokenQuestion={timed && !scored}
              once={once}
            />
            <ItemInput
              item={item}
              value={answers[item.id]}
              onChange={(v) => onAnswer(item.id, v)}
              disabled={scored}
              compactOptions={shared.options !== undefined}
              showPinyin={showPinyin}
            />
            {result ? <ItemResult result={result} item={item} /> : null}
          </article>
        );
      })}
    </section>
  );
}
