import { describe, expect, it } from 'vitest';
import { browserRecognitionConstructor, startBrowserRecognition } from './browser-recognition';
import type { SpeechRecognitionLike } from './browser-recognition';

class FakeRecognition implements SpeechRecognitionLike {
  static last: FakeRecognition | null = null;
  lang = '';
  continuous = false;
  interimResults = false;
  onresult: SpeechRecognitionLike['onresult'] = null;
  onerror: SpeechRecognitionLike['onerror'] = null;
  onend: SpeechRecognitionLike['onend'] = null;
  started = false;
  constructor() {
    FakeRecognition.last = this;
  }
  start() {
    this.started = true;
  }
  stop() {
    this.onend?.();
  }
}

const result = (transcript: string, isFinal: boolean) => Object.assign([{ transcript }], { isFinal });

describe('browser speech recognition', () => {
  it('is absent where the browser has none', () => {
    expect(browserRecognitionConstructor({})).toBeNull();
    expect(browserRecognitionConstructor({ webkitSpeechRecognition: FakeRecognition })).toBe(FakeRecognition);
  });

  it('listens in Mandarin and reports the whole text heard so far, then the end', () => {
    const texts: string[] = [];
    const ends: (string | null)[] = [];
    const stop = startBrowserRecognition(FakeRecognition, {
      onText: (t) => texts.push(t),
      onEnd: (e) => ends.push(e),
    });
    const rec = FakeRecognition.last;
    expect(rec?.lang).toBe('zh-CN');
    expect(rec?.started).toBe(true);
    rec?.onresult?.({ resultIndex: 0, results: { length: 1, 0: result('我今天', false) } });
    rec?.onresult?.({
      resultIndex: 0,
      results: { length: 2, 0: result('我今天', true), 1: result('很忙', false) },
    });
    expect(texts).toEqual(['我今天', '我今天很忙']);
    rec?.onerror?.({ error: 'no-speech' });
    stop();
    expect(ends).toEqual(['no-speech']);
  });
});
