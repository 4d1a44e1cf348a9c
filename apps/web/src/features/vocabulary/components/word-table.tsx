import { useTranslation } from 'react-i18next';
import type { VocabWord } from '@kouyu/core';
import { AddToReviewButton } from '@/components/add-to-review-button';
import { SpeakButton } from '@/components/ui/speak-button';
import { WriteLink } from '@/components/hanzi/write-link';
import { firstSense } from '../lib/first-sense';
import { useRevealed } from '@/components/ui/use-revealed';
import { SyllabusLevels } from './syllabus-levels';

/**
 * Words as a table that stays three columns wide on a phone: word and pinyin, meaning, audio. The rows
 * past the first screen are added over the next few tasks (useRevealed).
 */
export function WordTable({ words, showLevel }: { words: VocabWord[]; showLevel: boolean }) {
  const { t, i18n } = useTranslation('vocabulary');
  // Ten rows fill more than a phone's or a desktop's first screen.
  const shown = useRevealed(words, 10);
  return (
    <div className="overflow-hidden rounded-2xl border border-line bg-surface-raised shadow-sm">
      <table
        className="w-full border-collapse text-left"
        data-testid="vocabulary-results"
        aria-busy={shown < words.length}
      >
        <thead className="bg-surface-sunken text-sm text-ink-muted">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium sm:px-4">
              {t('columns.word')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium sm:px-4">
              {t('columns.meaning')}
            </th>
            <th scope="col" className="w-12 px-2 py-2 font-medium">
              <span className="sr-only">{t('columns.audio')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {words.slice(0, shown).map((w) => (
            <tr key={w.id} className="border-t border-line align-top" data-testid="vocabulary-word">
              <td className="px-3 py-3 sm:px-4">
                <div className="flex flex-wrap items-baseline gap-x-2">
                  {/* As the syllabus writes it: a pair entry reads 虽然……但是, an optional part 没（有）. */}
                  <span className="font-cjk text-2xl font-semibold" lang="zh-CN" data-testid="word-chars">
                    {w.written ?? w.simplified}
                  </span>
                  {w.traditional !== w.simplified ? (
                    <span className="font-cjk text-sm text-ink-muted" lang="zh-TW" title={t('traditional')}>
                      {w.traditional}
                    </span>
                  ) : null}
                </div>
                <div className="text-sm text-brand" data-testid="word-pinyin">
                  {w.pinyin}
                </div>
                <WriteLink word={w.simplified} className="mr-2" />
                {showLevel && !w.levels ? (
                  <span className="mt-1 inline-block rounded bg-surface-sunken px-1.5 text-xs text-ink-muted">
                    {t('level', { level: w.level })}
                  </span>
                ) : null}
                <SyllabusLevels levels={w.levels} />
                {w.level_note && w.level_note !== String(w.level) && w.level_note !== '7-9' ? (
                  <span className="block text-xs text-ink-muted">
                    {t('levelNote', { note: w.level_note })}
                  </span>
                ) : null}
              </td>
              <td className="px-3 py-3 text-sm sm:px-4 sm:text-base">
                {/* The sense a learner needs first; the dictionary's full entry folded beneath it. */}
                <p
                  className="break-words font-medium"
                  data-testid={firstSense(w.meaning) === w.meaning ? 'word-meaning' : 'word-first-sense'}
                >
                  {firstSense(w.meaning)}
                </p>
                {w.syllabus && i18n.language === 'ru' && !w.ru ? (
                  <p className="text-xs text-ink-muted" data-testid="word-ru-missing">
                    {t('ruMissing')}
                  </p>
                ) : null}
                {firstSense(w.meaning) !== w.meaning ? (
                  <details className="mt-1 text-xs text-ink-muted">
                    <summary className="cursor-pointer">{t('fullEntry')}</summary>
                    <p className="mt-1 break-words" data-testid="word-meaning">
                      {w.meaning}
                    </p>
                  </details>
                ) : null}
                {w.measure_words.length > 0 ? (
                  <p className="mt-1 text-xs text-ink-muted">
                    {t('measureWords')}{' '}
                    {w.measure_words.map((m, i) => (
                      <span key={`${m.simplified}-${i}`}>
                        {i > 0 ? ', ' : ''}
                        <span lang="zh-CN" className="font-cjk">
                          {m.simplified}
                        </span>{' '}
                        {m.pinyin}
                      </span>
                    ))}
                  </p>
                ) : null}
              </td>
              <td className="px-2 py-3">
                <SpeakButton
                  text={w.simplified}
                  label={t('play', { word: w.simplified })}
                  testId="word-audio"
                />
                <AddToReviewButton
                  card={{ kind: 'word', hanzi: w.simplified, pinyin: w.pinyin, ref: { word_id: w.id } }}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
