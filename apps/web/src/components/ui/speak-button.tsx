import { useSyncExternalStore } from 'react';
import { speakUrl } from '@/lib/api';
import { cn } from './cn';
import { Icon } from './icons';

type State = 'idle' | 'loading' | 'playing' | 'error';

// One voice for the whole page: starting a word stops the one still playing.
let player: HTMLAudioElement | null = null;
let now: { text: string | null; state: State } = { text: null, state: 'idle' };
const listeners = new Set<() => void>();

function set(text: string | null, state: State) {
  now = { text, state };
  for (const l of listeners) l();
}

function element(): HTMLAudioElement {
  if (player) return player;
  const el = new Audio();
  el.addEventListener('playing', () => set(now.text, 'playing'));
  el.addEventListener('ended', () => set(null, 'idle'));
  // Changing the source aborts the old one ('abort', not 'error'), so an error is the current word's.
  el.addEventListener('error', () => set(now.text, 'error'));
  player = el;
  return el;
}

/** Says `text`, or stops it when it is the one being said. */
export function speak(text: string) {
  const el = element();
  if (now.text === text && (now.state === 'playing' || now.state === 'loading')) {
    el.pause();
    set(null, 'idle');
    return;
  }
  el.src = speakUrl(text);
  set(text, 'loading');
  el.play().catch((err: unknown) => {
    // A newer word interrupting this one is not an error.
    if (!(err instanceof DOMException && err.name === 'AbortError') && now.text === text) set(text, 'error');
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const snapshot = () => now;

/** A button that says `text` aloud; `label` names it for screen readers ("Play 银行"). */
export function SpeakButton({
  text,
  label,
  className,
  testId,
}: {
  text: string;
  label: string;
  className?: string;
  testId?: string;
}) {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  const state: State = current.text === text ? current.state : 'idle';
  const play = () => speak(text);

  return (
    <button
      type="button"
      onClick={play}
      aria-label={label}
      title={label}
      aria-pressed={state === 'playing'}
      data-testid={testId}
      data-state={state}
      className={cn(
        'inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-ink-muted transition-colors',
        'hover:bg-surface-sunken hover:text-brand focus-visible:outline-2 focus-visible:outline-brand',
        state === 'playing' && 'bg-brand-soft text-brand',
        state === 'error' && 'text-danger',
        className,
      )}
    >
      <Icon width={20} height={20} className={state === 'loading' ? 'animate-pulse' : undefined}>
        <path d="M4 10v4h4l5 4V6L8 10H4z" />
        <path d="M16 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11" />
      </Icon>
    </button>
  );
}
