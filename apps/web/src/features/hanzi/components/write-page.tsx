import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { HANZI_WORD_MAX, hanziOf } from '@kouyu/core';
import { HanziQuiz, HanziWatch } from '@/components/hanzi';
import type { HanziQuizResult } from '@/components/hanzi';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useLang } from '@/components/ui/local-link';
import { WordGloss } from './word-gloss';

/**
 * `/{lang}/write/{word}`: the characters of a word one at a time, first watched (stroke order),
 * then written. A single character is a word of one. Pinyin and meaning come from the vocabulary.
 */
export function WritePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const word = useParams()['word'] ?? '';
  const chars = hanziOf(word).slice(0, HANZI_WORD_MAX);
  const [index, setIndex] = useState(0);
  const [results, setResults] = useState<Record<number, HanziQuizResult>>({});
  const at = Math.min(index, chars.length - 1);
  const char = chars[at] ?? '';
  const finished = chars.length > 0 && chars.every((_, i) => results[i]);
  const total = Object.values(results).reduce((s, r) => s + r.mistakes, 0);

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-5 px-4 py-8 sm:py-10" data-testid="write-page">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold sm:text-3xl">
          {t('hanzi.pageTitle')}{' '}
          <span lang="zh-CN" className="font-cjk">
            {chars.join('')}
          </span>
        </h1>
        <WordGloss word={chars.join('')} language={lang} testId="write-word-gloss" />
      </header>
      {chars.length > 1 ? (
        <nav aria-label={t('hanzi.charactersNav')} className="flex flex-wrap items-center gap-2">
          {chars.map((c, i) => (
            <button
              key={`${c}-${i}`}
              type="button"
              onClick={() => setIndex(i)}
              aria-current={i === at ? 'step' : undefined}
              aria-label={t('hanzi.characterN', { n: i + 1, count: chars.length, char: c })}
              className={cn(
                'font-cjk flex h-12 w-12 items-center justify-center rounded-lg border-2 text-2xl',
                i === at ? 'border-brand text-brand' : 'border-line',
                results[i] && 'bg-surface-sunken',
              )}
              data-testid="write-char-tab"
              lang="zh-CN"
            >
              {c}
            </button>
          ))}
        </nav>
      ) : null}
      <section className="grid gap-6 sm:grid-cols-2" aria-live="polite">
        <div className="flex flex-col gap-2">
          <h2 className="text-lg font-medium">{t('hanzi.watch')}</h2>
          {chars.length > 1 ? (
            <WordGloss word={char} language={lang} testId="write-char-gloss" partOf={chars.join('')} />
          ) : null}
          <HanziWatch key={`watch-${at}`} char={char} />
        </div>
        <div className="flex flex-col gap-2">
          <h2 className="text-lg font-medium">{t('hanzi.write')}</h2>
          <HanziQuiz
            key={`quiz-${at}`}
            char={char}
            onComplete={(r) => setResults((prev) => ({ ...prev, [at]: r }))}
          />
        </div>
      </section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="secondary" onClick={() => setIndex(at - 1)} disabled={at === 0}>
          {t('hanzi.previous')}
        </Button>
        {finished ? (
          <p className="font-medium" data-testid="write-summary">
            {t('hanzi.wordDone', { count: chars.length, mistakes: total })}
          </p>
        ) : null}
        <Button onClick={() => setIndex(at + 1)} disabled={at >= chars.length - 1} data-testid="write-next">
          {t('hanzi.next')}
        </Button>
      </div>
    </div>
  );
}
