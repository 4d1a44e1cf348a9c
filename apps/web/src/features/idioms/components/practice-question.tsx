import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PracticeQuestion as Question, PracticeResult } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { SpeakButton } from '@/components/ui/speak-button';

/** A question, its four options and, once answered, the verdict with the idiom explained. */
export function PracticeQuestion({
  question,
  result,
  choosing,
  onChoose,
  onNext,
}: {
  question: Question;
  result: PracticeResult | null;
  choosing: number | null;
  onChoose: (choice: number) => void;
  onNext: () => void;
}) {
  const { t } = useTranslation('idioms');
  const next = useRef<HTMLButtonElement>(null);
  const answered = result !== null;
  // After an answer the keyboard goes on to the next question.
  useEffect(() => {
    if (answered) next.current?.focus();
  }, [answered]);

  const optionClass = (i: number) => {
    const right = result?.correct_choice === i;
    const chosenWrong = result && choosing === i && !result.correct;
    return cn(
      'w-full rounded-xl border px-4 py-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-brand',
      question.mode === 'missing_char' ? 'text-center font-cjk text-2xl' : 'text-base',
      !answered && 'border-line bg-surface-raised hover:border-brand hover:bg-brand-soft',
      right && 'border-success bg-success/10',
      chosenWrong && 'border-danger bg-danger/10',
      answered && !right && !chosenWrong && 'border-line opacity-70',
    );
  };

  return (
    <section
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface-raised p-5 shadow-sm"
      data-testid="practice-question"
      aria-labelledby="practice-prompt"
    >
      <p className="text-sm text-ink-muted">
        {question.mode === 'meaning' ? t('practice.askMeaning') : t('practice.askMissing')}
      </p>
      <div className="text-center">
        <h3
          id="practice-prompt"
          className="font-cjk text-4xl font-semibold tracking-widest"
          lang="zh-CN"
          data-testid="practice-prompt"
        >
          {question.prompt}
        </h3>
        <p className="mt-1 text-brand">{question.pinyin}</p>
        {question.hint ? <p className="mt-2 text-ink-muted">{question.hint}</p> : null}
      </div>
      <div
        role="group"
        aria-labelledby="practice-prompt"
        className={cn(
          'grid gap-2',
          question.mode === 'missing_char' ? 'grid-cols-2 sm:grid-cols-4' : 'sm:grid-cols-2',
        )}
      >
        {question.options.map((option, i) => (
          <button
            key={`${i}-${option}`}
            type="button"
            className={optionClass(i)}
            disabled={answered || choosing !== null}
            aria-pressed={choosing === i}
            onClick={() => onChoose(i)}
            data-testid="practice-option"
            lang={question.mode === 'missing_char' ? 'zh-CN' : undefined}
          >
            {option}
          </button>
        ))}
      </div>
      <div aria-live="polite">
        {result ? (
          <div className="flex flex-col gap-3" data-testid="practice-verdict" data-correct={result.correct}>
            <p className={cn('font-semibold', result.correct ? 'text-success' : 'text-danger')}>
              {result.correct
                ? t('practice.right')
                : question.mode === 'meaning'
                  ? t('practice.wrongMeaning')
                  : t('practice.wrong', { answer: result.correct_answer })}
            </p>
            <div className="flex items-start gap-2 rounded-xl bg-surface-sunken p-3">
              <div className="flex-1">
                <p className="font-cjk text-xl" lang="zh-CN">
                  {result.idiom.chengyu}{' '}
                  <span className="font-sans text-base text-brand">{result.idiom.pinyin}</span>
                </p>
                <p>{result.idiom.meaning}</p>
                {result.idiom.example ? (
                  <p className="mt-1 text-sm text-ink-muted">
                    <span lang="zh-CN">{result.idiom.example.zh}</span> {result.idiom.example.translation}
                  </p>
                ) : null}
              </div>
              <SpeakButton text={result.idiom.chengyu} label={t('play', { idiom: result.idiom.chengyu })} />
            </div>
            <Button ref={next} onClick={onNext} className="self-end" data-testid="practice-next">
              {t('practice.next')}
            </Button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
