import { useTranslation } from 'react-i18next';
import type { AlignmentOp } from '@kouyu/core';
import { cn } from '@/components/ui/cn';

const STYLE: Record<AlignmentOp['op'], string> = {
  match: 'text-success',
  homophone: 'text-warning',
  substitute: 'text-danger underline decoration-wavy',
  delete: 'text-danger/60 underline decoration-dotted',
  insert: 'text-ink-muted line-through',
};

/** The sentence character by character: heard, misheard (with what was heard), missed, and extra. */
export function SentenceComparison({ ops, accuracy }: { ops: AlignmentOp[]; accuracy: number }) {
  const { t } = useTranslation('check');
  return (
    <div className="flex flex-col gap-2" data-testid="check-comparison">
      <p className="text-sm font-medium">{t('recognition.comparison')}</p>
      <p lang="zh-CN" className="flex flex-wrap gap-x-0.5 text-2xl leading-loose">
        {ops.map((step, i) => {
          const shown = step.op === 'insert' ? step.hyp : step.ref;
          const title =
            step.op === 'substitute' || step.op === 'homophone'
              ? t('recognition.ops.heardAs', { char: step.hyp })
              : t(`recognition.ops.${step.op}`);
          return (
            <span
              key={i}
              className={cn('inline-flex flex-col items-center', STYLE[step.op])}
              data-op={step.op}
            >
              <span title={title}>{shown}</span>
              {step.op === 'substitute' || step.op === 'homophone' ? (
                <span className="text-xs leading-none" aria-label={title}>
                  {step.hyp}
                </span>
              ) : null}
            </span>
          );
        })}
      </p>
      <p className="text-sm text-ink-muted">{t('recognition.legend')}</p>
      <p className="text-sm" data-testid="check-accuracy" data-accuracy={Math.round(accuracy * 100)}>
        {t('recognition.accuracy', { percent: Math.round(accuracy * 100) })}
      </p>
    </div>
  );
}
