import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SequencePlayer } from './sequence-player';

/** A media element that plays nothing: the test says when a line ends or fails. */
class FakeAudio extends EventTarget {
  static last: FakeAudio | null = null;
  src = '';
  paused = true;
  played: string[] = [];
  constructor() {
    super();
    FakeAudio.last = this;
  }
  play(): Promise<void> {
    this.paused = false;
    this.played.push(this.src);
    return Promise.resolve();
  }
  pause() {
    this.paused = true;
    // As in browsers, the pause event comes later, as a task.
    setTimeout(() => this.dispatchEvent(new Event('pause')), 0);
  }
  finish(kind: 'ended' | 'error' = 'ended') {
    this.dispatchEvent(new Event(kind));
  }
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('SequencePlayer', () => {
  beforeEach(() => {
    vi.stubGlobal('Audio', FakeAudio);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('plays the lines of a recording in turn and tells who is playing', async () => {
    const player = new SequencePlayer();
    const states: string[] = [];
    player.subscribe(() => states.push(`${player.getState().key}:${player.getState().status}`));
    const run = player.play('item-1', ['/a.mp3', '/b.mp3']);
    await tick();
    FakeAudio.last?.finish();
    await tick();
    FakeAudio.last?.finish();
    expect(await run).toBe('ended');
    expect(FakeAudio.last?.played).toEqual(['/a.mp3', '/b.mp3']);
    expect(states).toEqual(['item-1:playing', 'null:idle']);
  });

  it('stops one recording when another starts, without the late pause ending the new one', async () => {
    const player = new SequencePlayer();
    const first = player.play('one', ['/a.mp3', '/b.mp3']);
    await tick();
    const second = player.play('two', ['/c.mp3']);
    expect(await first).toBe('stopped');
    // The first run's pause event arrives now; the second keeps playing.
    await tick();
    await tick();
    expect(player.getState()).toEqual({ key: 'two', status: 'playing' });
    FakeAudio.last?.finish();
    expect(await second).toBe('ended');
    expect(FakeAudio.last?.played).toEqual(['/a.mp3', '/c.mp3']);
  });

  it('reports a failed line and stops there', async () => {
    const player = new SequencePlayer();
    const run = player.play('x', ['/a.mp3', '/b.mp3']);
    await tick();
    FakeAudio.last?.finish('error');
    expect(await run).toBe('failed');
    expect(FakeAudio.last?.played).toEqual(['/a.mp3']);
    expect(player.getState()).toEqual({ key: null, status: 'idle' });
    expect(await player.play('y', [])).toBe('failed');
  });
});
