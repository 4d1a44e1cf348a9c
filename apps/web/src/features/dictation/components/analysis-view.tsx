import { useTranslation } from 'react-i18next';
import type { CharResult, HandwritingAnalysis } from '@kouyu/core';
import { cn } from '@/components/ui/cn';
import { WriteLink } from '@/components/hanzi/write-link';

const CHAR_STYLE: Record<CharResult['status'], string> = {
  right: 'border-success/60 text-success',
  wrong: 'border-danger/60 text-danger',
  missing: 'border-dashed border-line text-ink-muted opacity-70',
};

function CharCell({ result }: { result: CharResult }) {
  const { t } = useTranslation('dictation');
  const label =
    result.status === 'right'
      ? t('result.charRight', { char: result.char })
      : result.status === 'wrong'
        ? t('result.charWrong', { char: result.char, written: result.written })
        : t('result.charMissing', { char: result.char });
  return (
    <li
      className={cn(
        'flex min-w-11 flex-col items-center rounded-lg border-2 px-1.5 py-1',
        CHAR_STYLE[result.status],
      )}
      data-status={result.status}
      data-testid="char-result"
      aria-label={label}
      title={label}
    >
      <span
        lang="zh"
        className={cn('text-2xl leading-tight', result.status === 'missing' && 'line-through')}
        aria-hidden="true"
      >
        {result.char}
      </span>
      <span lang="zh" className="min-h-5 text-sm leading-tight" aria-hidden="true">
        {result.status === 'wrong' ? result.written : result.status === 'right' ? '✓' : '—'}
      </span>
      {/* A character written wrong or left out: practise it by hand. */}
      {result.status !== 'right' ? <WriteLink word={result.char} /> : null}
    </li>
  );
}

/** The result per word and per character: right in green, wrong in red with what was written, missing in grey. */
export function AnalysisView({
  analysis,
  recognizedText,
}: {
  analysis: HandwritingAnalysis;
  recognizedText: string | null;
}) {
  const { t } = useTranslation('dictation');
  return (
    <div className="flex flex-col gap-4" data-testid="analysis">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <p className="text-3xl font-semibold tabular-nums" data-testid="analysis-score">
          {t('result.scoreValue', { score: analysis.score })}
        </p>
        <p className="text-sm text-ink-muted">{t('result.counts', analysis.counts)}</p>
      </div>
      <ol className="flex flex-col gap-3">
        {analysis.words.map((w) => (
          <li
            key={w.word}
            className="flex flex-wrap items-center gap-3"
            data-testid="word-result"
            data-word={w.word}
            data-status={w.status}
          >
            <span className="w-20 shrink-0 text-sm text-ink-muted">
              {w.status === 'right'
                ? t('result.wordRight')
                : w.status === 'missing'
                  ? t('result.wordMissing')
                  : t('result.wordPartial')}
            </span>
            <ul className="flex flex-wrap gap-1.5" aria-label={w.word}>
              {w.chars.map((c, i) => (
                <CharCell key={i} result={c} />
              ))}
            </ul>
            {w.extra.length > 0 ? (
              <span className="text-sm text-danger" lang="zh">
                {t('result.extraInWord', { chars: w.extra.join('') })}
              </span>
            ) : null}
          </li>
        ))}
      </ol>
      <div className="rounded-lg bg-surface-sunken p-3 text-sm">
        <h3 className="mb-1 font-medium">{t('result.recognised')}</h3>
        {recognizedText ? (
          <p lang="zh" className="whitespace-pre-line text-base" data-testid="recognized-text">
            {recognizedText}
          </p>
        ) : (
          <p className="text-ink-muted">{t('result.nothingRecognised')}</p>
        )}
        {analysis.extra ? (
          <p className="mt-2 text-ink-muted">
            {t('result.extraText')} <span lang="zh">{analysis.extra}</span>
          </p>
        ) : null}
      </div>
    </div>
  );
}
