export type PlayStatus = 'idle' | 'playing';
export type PlayOutcome = 'ended' | 'stopped' | 'failed';

export interface PlayerState {
  /** The player (item or block) now playing, or null. */
  key: string | null;
  status: PlayStatus;
}

/**
 * One audio element for a whole set, playing the MP3s of a recording one after another: starting
 * one recording stops the other, so two never overlap.
 */
export class SequencePlayer {
  #audio: HTMLAudioElement | null = null;
  #state: PlayerState = { key: null, status: 'idle' };
  #listeners = new Set<() => void>();
  /** Ends the current run as stopped; null when nothing plays. */
  #stopRun: (() => void) | null = null;

  getState = (): PlayerState => this.#state;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #set(state: PlayerState) {
    this.#state = state;
    for (const l of this.#listeners) l();
  }

  /** Plays `urls` in order under `key`; resolves when they all ended, or were stopped, or one failed. */
  async play(key: string, urls: readonly string[]): Promise<PlayOutcome> {
    this.stop();
    if (urls.length === 0) return 'failed';
    this.#audio ??= new Audio();
    const audio = this.#audio;
    let stopped = false;
    let stopLine: () => void = () => undefined;
    const stopRun = () => {
      stopped = true;
      stopLine();
    };
    this.#stopRun = stopRun;
    this.#set({ key, status: 'playing' });
    let outcome: PlayOutcome = 'ended';
    for (const url of urls) {
      // Each line resolves on its end, an error, or this run being stopped — never on another run's events.
      outcome = await new Promise<PlayOutcome>((resolve) => {
        const done = (o: PlayOutcome) => {
          audio.removeEventListener('ended', onEnded);
          audio.removeEventListener('error', onError);
          resolve(o);
        };
        const onEnded = () => done('ended');
        const onError = () => done('failed');
        stopLine = () => done('stopped');
        audio.addEventListener('ended', onEnded);
        audio.addEventListener('error', onError);
        audio.src = url;
        audio.play().catch(() => done(stopped ? 'stopped' : 'failed'));
      });
      if (stopped || outcome !== 'ended') break;
    }
    if (stopped) return 'stopped';
    this.#stopRun = null;
    this.#set({ key: null, status: 'idle' });
    return outcome;
  }

  /** Stops what is playing. */
  stop() {
    const stopRun = this.#stopRun;
    if (!stopRun) return;
    this.#stopRun = null;
    stopRun();
    this.#audio?.pause();
    this.#set({ key: null, status: 'idle' });
  }
}
