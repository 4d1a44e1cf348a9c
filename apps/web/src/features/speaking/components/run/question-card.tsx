import { useTranslation } from 'react-i18next';
import { QUESTION_IMAGE_MAX_HEIGHT_PX } from '@kouyu/core';
import type { Question } from '@kouyu/core';
import { cn } from '@/components/ui/cn';

// The learner must hear these, not read them: their words stay off screen during the test.
const LISTENING = new Set(['repeat', 'answer', 'retell']);
const TYPES = ['repeat', 'answer', 'open', 'picture', 'retell', 'read_aloud'] as const;
const isTaskType = (v: string): v is (typeof TYPES)[number] => TYPES.some((type) => type === v);
const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];

/** The text shown for a question (none for listening questions). */
export function shownText(q: Question): string | null {
  if (LISTENING.has(q.question_type)) return null;
  const text = q.question_text ?? q.question_texts.filter((s) => s.trim()).join('\n');
  return text.trim() ? text : null;
}

/** The reading-task heading of a question type. */
export function useTaskHeading() {
  const { t } = useTranslation('speaking');
  return (q: Question) => t(`questionTypes.${isTaskType(q.question_type) ? q.question_type : 'default'}`);
}

/** Options A/B/C as text or as pictures. */
export function QuestionOptions({ q }: { q: Question }) {
  const { t } = useTranslation('speaking');
  if (q.picture_options.length > 0) {
    return (
      <ol className="grid grid-cols-3 gap-3" aria-label={t('question.options')}>
        {q.picture_options.map((src, i) => (
          <li key={src} className="flex flex-col items-center gap-1">
            <img
              src={src}
              alt={t('question.option', { letter: LETTERS[i] ?? String(i + 1) })}
              className="max-h-32 rounded-lg border border-line object-contain"
            />
            <span className="text-sm font-semibold">{LETTERS[i]}</span>
          </li>
        ))}
      </ol>
    );
  }
  if (q.answer_options.length === 0) return null;
  return (
    <ol className="flex flex-col gap-1" aria-label={t('question.options')}>
      {q.answer_options.map((option, i) => (
        <li key={option} className="flex gap-2">
          <span className="font-semibold">{LETTERS[i] ?? i + 1}.</span>
          <span lang="zh-CN">{option}</span>
        </li>
      ))}
    </ol>
  );
}

/** A question: its reading-task heading, its text with pinyin, pictures (max 400 px high) and options. */
export function QuestionCard({ q, className }: { q: Question; className?: string }) {
  const { t } = useTranslation('speaking');
  const heading = useTaskHeading();
  const text = shownText(q);
  return (
    <div className={cn('flex flex-col gap-3', className)} data-testid="question-card">
      <h2 className="text-lg font-semibold">{heading(q)}</h2>
      {text ? (
        <p className="whitespace-pre-line text-xl leading-relaxed" lang="zh-CN" data-testid="question-text">
          {text}
        </p>
      ) : (
        <p className="text-ink-muted">{t('question.listenPrompt')}</p>
      )}
      {q.question_pinyin && text ? <p className="text-ink-muted">{q.question_pinyin}</p> : null}
      {q.image_urls.map((src, i) => (
        <img
          key={src}
          src={src}
          alt={q.image_texts[i] ?? t('question.imageAlt')}
          style={{ maxHeight: QUESTION_IMAGE_MAX_HEIGHT_PX }}
          className="w-full rounded-xl border border-line bg-white object-contain"
        />
      ))}
      <QuestionOptions q={q} />
    </div>
  );
}
