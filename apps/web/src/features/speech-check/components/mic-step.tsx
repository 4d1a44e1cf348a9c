import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { useMicCheck } from '../hooks/use-mic-check';
import type { MicCheck } from '../lib/speech-check';
import { MicIcon, StopIcon } from '@/components/ui/control-icons';
import { LevelMeter } from './level-meter';
import { MicDeniedHelp } from './mic-denied-help';
import { StepCard } from './step-card';
import type { StepState } from './step-card';

const stepState = (check: MicCheck, opening: boolean): StepState =>
  check === 'heard'
    ? 'pass'
    : check === 'live' || opening
      ? 'running'
      : check === 'pending'
        ? 'pending'
        : 'fail';

/** Step 1: permission, the live level and the input to use. */
export function MicStep({ mic }: { mic: ReturnType<typeof useMicCheck> }) {
  const { t } = useTranslation(['check', 'speaking']);
  const { check, status } = mic;
  const live = status === 'live';
  const problem =
    check === 'not_found' || check === 'in_use' || check === 'unsupported' || check === 'failed';
  return (
    <StepCard id="mic" title={t('mic.title')} state={stepState(check, status === 'opening')}>
      <p className="text-ink-muted">{t('mic.text')}</p>
      {check === 'denied' ? <MicDeniedHelp /> : null}
      {problem ? (
        <p className="text-sm text-danger" role="alert" data-testid="check-mic-error">
          {t(`speaking:mic.errors.${check}`)}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        {live ? (
          <Button variant="secondary" onClick={mic.stop} data-testid="check-mic-stop">
            <StopIcon />
            {t('mic.stop')}
          </Button>
        ) : (
          <Button
            onClick={() => void mic.start()}
            disabled={status === 'opening'}
            data-testid="check-mic-start"
          >
            <MicIcon />
            {check === 'pending' ? t('mic.start') : t('mic.again')}
          </Button>
        )}
        {mic.devices.length > 1 ? (
          <label className="flex items-center gap-2 text-sm">
            <span>{t('mic.device')}</span>
            <select
              className="h-10 max-w-72 rounded-lg border border-line bg-surface px-2"
              value={mic.selected ?? ''}
              onChange={(e) => mic.select(e.target.value)}
              data-testid="check-mic-device"
            >
              {mic.devices.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.label}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <LevelMeter level={mic.level} label={t('mic.level')} testId="check-mic-level" />
      <p aria-live="polite" className="text-sm" data-testid="check-mic-status" data-status={check}>
        {check === 'heard' ? t('mic.heard') : live ? t('mic.speakNow') : t('mic.idle')}
      </p>
    </StepCard>
  );
}
