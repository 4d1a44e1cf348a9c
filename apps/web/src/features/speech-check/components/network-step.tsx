import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { useNetworkCheck } from '../hooks/use-network-check';
import type { NetworkCheck } from '../lib/speech-check';
import { StepCard } from './step-card';
import type { StepState } from './step-card';

const STATE: Record<NetworkCheck, StepState> = {
  pending: 'running',
  good: 'pass',
  fair: 'pass',
  poor: 'warn',
  offline: 'fail',
};

/** Step 2: round trips to the server and what they mean for recognition. */
export function NetworkStep({ network }: { network: ReturnType<typeof useNetworkCheck> }) {
  const { t } = useTranslation('check');
  const { check } = network;
  return (
    <StepCard id="network" title={t('network.title')} state={STATE[check]}>
      <p className="text-ink-muted">{t('network.text')}</p>
      <ul className="flex flex-wrap gap-2 text-sm" aria-label={t('network.pings')} data-testid="check-pings">
        {network.samples.map((ms, i) => (
          <li key={i} className="rounded-lg bg-surface-sunken px-3 py-1 tabular-nums">
            {ms === null ? t('network.lost') : t('network.ms', { ms: Math.round(ms) })}
          </li>
        ))}
      </ul>
      <p aria-live="polite" data-testid="check-network-verdict" data-verdict={check}>
        {t(`network.verdict.${check}`)}
      </p>
      <Button
        variant="secondary"
        className="self-start"
        onClick={() => void network.run()}
        disabled={network.running}
        data-testid="check-network-run"
      >
        {t('network.again')}
      </Button>
    </StepCard>
  );
}
