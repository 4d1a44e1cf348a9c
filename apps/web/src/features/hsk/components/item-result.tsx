import { useTranslation } from 'react-i18next';
import type { HskAnswerValue, HskItem, HskItemResult } from '@kouyu/core';
import { cn } from '@/components/ui/cn';

/** An answer as words: a letter with its option, true/false, or the text. */
function useAnswerText(item: HskItem | undefined) {
  const { t } = useTranslation('hsk');
  return (value: HskAnswerValue | null): string => {
    if (value === null) return t('result.noAnswer');
    if (typeof value === 'boolean') return value ? t('answer.true') : t('answer.false');
    const option = item?.options?.find((o) => o.key === value);
    const label = option?.text ?? option?.picture?.alt;
    return label ? `${value} · ${label}` : value;
  };
}

/** How an item was scored: right or wrong, the answers, the explanation, the recording and the written feedback. */
export function ItemResult({ result, item }: { result: HskItemResult; item?: HskItem | undefined }) {
  const { t } = useTranslation('hsk');
  const say = useAnswerText(item);
  const written =
    result.feedback !== undefined ||
    result.type === 'picture_word_sentence' ||
    result.type === 'short_essay' ||
    result.type === 'summary';
  return (
    <div
      className={cn(
        'flex flex-col gap-2 rounded-xl border-l-4 bg-surface-sunken p-3 text-sm',
        result.correct ? 'border-success' : 'border-danger',
      )}
      data-testid="item-result"
      data-correct={result.correct}
    >
      <p className={cn('font-semibold', result.correct ? 'text-success' : 'text-danger')}>
        {result.correct
          ? t('result.correct')
          : result.given === null
            ? t('result.unanswered')
            : t('result.wrong')}
        <span className="ml-2 font-normal text-ink-muted">
          {t('result.points', { points: result.points, max: result.max_points })}
        </span>
      </p>
      {written ? null : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-ink-muted">{t('result.yours')}</dt>
          <dd lang="zh-CN" data-testid="given">
            {say(result.given)}
          </dd>
          <dt className="text-ink-muted">{t('result.right')}</dt>
          <dd lang="zh-CN" data-testid="right-answer">
            {say(result.answer)}
          </dd>
          {result.accepted?.length ? (
            <>
              <dt className="text-ink-muted">{t('result.alsoAccepted')}</dt>
              <dd lang="zh-CN">{result.accepted.join(' / ')}</dd>
            </>
          ) : null}
        </dl>
      )}
      <p data-testid="explanation">{result.explanation}</p>
      {result.script?.length ? (
        <details className="rounded-lg bg-surface-raised p-2">
          <summary className="cursor-pointer text-ink-muted">{t('result.script')}</summary>
          <div className="mt-1 flex flex-col gap-1">
            {result.script.map((l, i) => (
              <p key={i}>
                <span lang="zh-CN">
                  {l.speaker}：{l.text}
                </span>
                {l.pinyin ? <span className="block text-ink-muted">{l.pinyin}</span> : null}
              </p>
            ))}
            {result.question ? (
              <p lang="zh-CN">{t('result.question', { question: result.question })}</p>
            ) : null}
          </div>
        </details>
      ) : null}
      {written ? <WrittenResult result={result} /> : null}
    </div>
  );
}

function WrittenResult({ result }: { result: HskItemResult }) {
  const { t } = useTranslation('hsk');
  const f = result.feedback;
  return (
    <div className="flex flex-col gap-2">
      {typeof result.given === 'string' ? (
        <div>
          <p className="text-ink-muted">{t('result.yours')}</p>
          <p lang="zh-CN" className="whitespace-pre-line" data-testid="given">
            {result.given}
          </p>
        </div>
      ) : (
        <p>{t('result.noAnswer')}</p>
      )}
      {f ? (
        <div className="flex flex-col gap-1" data-testid="written-feedback">
          <p className="font-medium">{t('result.feedbackScore', { score: f.score })}</p>
          <p className="text-ink-muted">
            {f.min_chars !== null && f.max_chars !== null
              ? t('result.charsRange', { n: f.chars, min: f.min_chars, max: f.max_chars })
              : t('written.count', { n: f.chars })}
          </p>
          {f.missing_words.length ? (
            <p className="text-warning">{t('result.missingWords', { words: f.missing_words.join('、') })}</p>
          ) : null}
          <p className="whitespace-pre-line">{f.text}</p>
        </div>
      ) : null}
      <div>
        <p className="text-ink-muted">{t('result.model')}</p>
        {result.answer_title ? (
          <p lang="zh-CN" className="font-medium">
            {result.answer_title}
          </p>
        ) : null}
        <p lang="zh-CN" data-testid="right-answer">
          {String(result.answer)}
        </p>
      </div>
    </div>
  );
}
