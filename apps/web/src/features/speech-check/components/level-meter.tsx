import { cn } from '@/components/ui/cn';
import { SPEECH_LEVEL, isSpeechLevel } from '@/lib/audio/level';

/** A horizontal input level bar with a mark where speech starts to count. */
export function LevelMeter({ level, label, testId }: { level: number; label: string; testId: string }) {
  const percent = Math.round(level * 100);
  return (
    <div className="flex flex-col gap-1">
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        data-testid={testId}
        data-level={percent}
        className="relative h-4 w-full overflow-hidden rounded-full bg-surface-sunken"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width] duration-100',
            isSpeechLevel(level) ? 'bg-success' : 'bg-brand/60',
          )}
          style={{ width: `${percent}%` }}
        />
        <div
          aria-hidden="true"
          className="absolute inset-y-0 w-px bg-ink-muted"
          style={{ left: `${Math.round(SPEECH_LEVEL * 100)}%` }}
        />
      </div>
    </div>
  );
}
