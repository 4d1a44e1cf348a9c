import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AudioCache, audioHash } from './cache.js';
import { DiskAudioStore } from './store.js';

// Decision 028, defect 3 (the cache part): every synthesised text was kept forever.
describe('audio cache size bound', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kouyu-cache-bound-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // One second of a tone: about 32 KB of WAV and a few KB of MP3 per entry.
  const pcm = Int16Array.from({ length: 16_000 }, (_, i) => Math.round(8000 * Math.sin(i / 5)));
  const hash = (text: string) => audioHash('test', 'v', text);
  const info = (text: string, content = false) => ({ engine: 'test', voice: 'v', text, content });

  it('drops the least recently used entries past the bound and keeps content audio', async () => {
    const probe = new AudioCache(new DiskAudioStore(path.join(dir, 'probe')), 1);
    await probe.save(hash('probe'), pcm, info('probe', true));
    const entry = await probe.sizeBytes();
    expect(entry).toBeGreaterThan(30_000);

    const store = new DiskAudioStore(path.join(dir, 'bounded'));
    const cache = new AudioCache(store, Math.floor(entry * 3.5));
    await cache.save(hash('question'), pcm, info('question', true));
    await cache.save(hash('a'), pcm, info('a'));
    await cache.save(hash('b'), pcm, info('b'));
    // `a` is used again, so `b` is now the least recently used.
    expect(await cache.lookup(hash('a'))).not.toBeNull();
    await cache.save(hash('c'), pcm, info('c'));
    await cache.save(hash('d'), pcm, info('d'));
    expect(await cache.sizeBytes()).toBeLessThanOrEqual(entry * 3.5);
    expect(await cache.lookup(hash('question'))).not.toBeNull();
    expect(await cache.lookup(hash('b'))).toBeNull();
    expect(await cache.lookup(hash('d'))).not.toBeNull();
    expect(await store.read(`${hash('b')}/audio.wav`)).toBeNull();

    // A new process counts what the last one left and goes on bounding it.
    const again = new AudioCache(store, Math.floor(entry * 3.5));
    expect(await again.sizeBytes()).toBe(await cache.sizeBytes());
    for (const t of ['e', 'f', 'g']) await again.save(hash(t), pcm, info(t));
    expect(await again.sizeBytes()).toBeLessThanOrEqual(entry * 3.5);
    expect(await again.lookup(hash('question'))).not.toBeNull();
    expect(await again.lookup(hash('g'))).not.toBeNull();
  });

  it('without a bound keeps everything', async () => {
    const cache = new AudioCache(new DiskAudioStore(path.join(dir, 'free')));
    for (const t of ['x', 'y', 'z']) await cache.save(hash(t), pcm, info(t));
    for (const t of ['x', 'y', 'z']) expect(await cache.lookup(hash(t))).not.toBeNull();
  });
});
