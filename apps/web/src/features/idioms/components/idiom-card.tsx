import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Idiom } from '@kouyu/core';
import { AddToReviewButton } from '@/components/add-to-review-button';
import { SpeakButton } from '@/components/ui/speak-button';

const langTag = (language: string) => (language === 'zh' ? 'zh-CN' : language);

/** An idiom with its reading, meaning in the UI language, example sentence, origin and audio. */
export function IdiomCard({ idiom, favourite }: { idiom: Idiom; favourite: ReactNode }) {
  const { t } = useTranslation('idioms');
  return (
    <article
      // Off-screen cards skip layout and paint until scrolled near (their last size kept once seen). The
      // placeholder size is a height only: as a width too, 22rem made every card wider than a phone.
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface-raised p-5 shadow-sm [contain-intrinsic-block-size:auto_22rem] [content-visibility:auto]"
      aria-labelledby={`idiom-${idiom.id}`}
      data-testid="idiom-card"
      data-idiom-id={idiom.id}
    >
      <header className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h3 id={`idiom-${idiom.id}`} className="font-cjk text-3xl font-semibold tracking-wide" lang="zh-CN">
            {idiom.chengyu}
          </h3>
          <p className="text-brand" data-testid="idiom-pinyin">
            {idiom.pinyin}
          </p>
        </div>
        <SpeakButton text={idiom.chengyu} label={t('play', { idiom: idiom.chengyu })} testId="idiom-audio" />
        <AddToReviewButton
          card={{ kind: 'idiom', hanzi: idiom.chengyu, pinyin: idiom.pinyin, ref: { idiom_id: idiom.id } }}
        />
        {favourite}
      </header>
      {idiom.category || idiom.hsk_level ? (
        <p className="flex flex-wrap gap-2 text-xs">
          {idiom.category ? (
            <span className="rounded-full bg-surface-sunken px-2 py-0.5 text-ink-muted">
              {idiom.category.name}
            </span>
          ) : null}
          {idiom.hsk_level ? (
            <span className="rounded-full bg-brand-soft px-2 py-0.5 text-brand">
              {t('hsk', { level: idiom.hsk_level })}
            </span>
          ) : null}
        </p>
      ) : null}
      {/* CC-CEDICT idioms have an English gloss only. */}
      <p className="text-base" data-testid="idiom-meaning" lang={idiom.curated ? undefined : 'en'}>
        {idiom.meaning}
      </p>
      {idiom.literal ? (
        <p className="text-sm text-ink-muted">
          {t('literal')} <span lang={langTag(idiom.literal.language)}>{idiom.literal.text}</span>
        </p>
      ) : null}
      {idiom.example ? (
        <figure className="rounded-xl bg-surface-sunken p-3 text-sm">
          <figcaption className="sr-only">{t('example')}</figcaption>
          <div className="flex items-start gap-2">
            <p className="flex-1 font-cjk text-base" lang="zh-CN">
              {idiom.example.zh}
            </p>
            <SpeakButton text={idiom.example.zh} label={t('playExample')} className="-my-1" />
          </div>
          <p className="text-ink-muted">{idiom.example.pinyin}</p>
          <p className="mt-1">{idiom.example.translation}</p>
        </figure>
      ) : null}
      {idiom.origin ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-ink-muted hover:text-ink">{t('origin')}</summary>
          <p className="mt-1" lang={langTag(idiom.origin.language)}>
            {idiom.origin.text}
          </p>
        </details>
      ) : null}
    </article>
  );
}
