import { describe, expect, it } from 'vitest';
import {
  CHECK_SENTENCES,
  browserFamily,
  checkSummary,
  compareSentence,
  medianLatency,
  networkCheck,
  recognitionVerdict,
} from './speech-check';
import { SPEECH_LEVEL, isSpeechLevel, meterLevel } from '@/lib/audio/level';
import { asrEngineState } from '@/lib/health';

const constant = (value: number, n = 1024) => new Float32Array(n).fill(value);
const sine = (amplitude: number, n = 4800) =>
  Float32Array.from({ length: n }, (_, i) => amplitude * Math.sin((2 * Math.PI * 440 * i) / 48000));

describe('level meter', () => {
  it('is 0 for silence and for no samples', () => {
    expect(meterLevel(constant(0))).toBe(0);
    expect(meterLevel(new Float32Array(0))).toBe(0);
  });

  it('maps RMS onto 60 dB: full scale is 1, -30 dBFS is half, -60 dBFS and below is 0', () => {
    expect(meterLevel(constant(1))).toBe(1);
    expect(meterLevel(constant(-1))).toBe(1);
    expect(meterLevel(constant(10 ** (-30 / 20)))).toBeCloseTo(0.5, 6);
    expect(meterLevel(constant(10 ** (-60 / 20)))).toBeCloseTo(0, 6);
    expect(meterLevel(constant(1e-5))).toBe(0);
  });

  it('reads a sine by its RMS (amplitude / √2)', () => {
    // 0.1 amplitude: RMS 0.0707 ≈ -23 dBFS → (60 - 23) / 60.
    expect(meterLevel(sine(0.1))).toBeCloseTo((60 + 20 * Math.log10(0.1 / Math.SQRT2)) / 60, 3);
  });

  it('counts speech from -40 dBFS: a quiet room does not pass, a voice does', () => {
    expect(SPEECH_LEVEL).toBeCloseTo(1 / 3, 6);
    expect(isSpeechLevel(meterLevel(sine(0.003)))).toBe(false);
    expect(isSpeechLevel(meterLevel(sine(0.05)))).toBe(true);
  });
});

describe('sentence comparison and recognition verdict', () => {
  const sentence = CHECK_SENTENCES.en;

  it('a transcript equal to the sentence but for punctuation is fully right', () => {
    const c = compareSentence(sentence, '你好 我叫小明 我今天很高兴');
    expect(c.accuracy).toBe(1);
    expect(c.ops.every((o) => o.op === 'match')).toBe(true);
    expect(recognitionVerdict(sentence, { text: '你好，我叫小明，我今天很高兴！', code: null }).verdict).toBe(
      'good',
    );
  });

  it('one wrong character of twelve still passes; a half-heard sentence asks to try again', () => {
    expect(recognitionVerdict(sentence, { text: '你好我叫小名我今天很高兴', code: null }).verdict).toBe(
      'good',
    );
    const half = recognitionVerdict(sentence, { text: '我今天很忙', code: null });
    expect(half.verdict).toBe('retry');
    // 我今天很 match, 忙 is wrong, seven characters are missing: 4 of 12.
    expect(half.comparison?.accuracy).toBeCloseTo(4 / 12, 6);
    expect(half.comparison?.ops.filter((o) => o.op === 'delete')).toHaveLength(7);
  });

  it('extra characters count against the result', () => {
    const padded = compareSentence('我很好', '我很好我很好我很好');
    expect(padded.accuracy).toBeCloseTo(3 / 9, 6);
  });

  it('nothing heard, no recogniser and a failed recogniser each get their own verdict', () => {
    expect(recognitionVerdict(sentence, { text: '', code: null }).verdict).toBe('silent');
    expect(recognitionVerdict(sentence, { text: '。', code: null }).verdict).toBe('silent');
    expect(recognitionVerdict(sentence, { text: '', code: 'no_audio_recorded' }).verdict).toBe('silent');
    expect(recognitionVerdict(sentence, { text: '', code: 'asr_unavailable' })).toEqual({
      verdict: 'unavailable',
      comparison: null,
    });
    expect(recognitionVerdict(sentence, { text: '', code: 'transcription_failed' }).verdict).toBe('failed');
  });

  it('every sentence is short Chinese the comparison can read', () => {
    for (const s of Object.values(CHECK_SENTENCES)) {
      expect(compareSentence(s, s).accuracy).toBe(1);
      expect(s.length).toBeLessThanOrEqual(20);
    }
  });
});

describe('network step', () => {
  it('takes the median ping, so one slow answer does not fail the check', () => {
    expect(medianLatency([40, 2000, 60])).toBe(60);
    expect(networkCheck([40, 2000, 60])).toBe('good');
    expect(networkCheck([700, 650, 800])).toBe('fair');
    expect(networkCheck([1200, 1500, 90])).toBe('poor');
  });

  it('one lost ping is tolerated; most lost means offline', () => {
    expect(networkCheck([null, 50, 70])).toBe('good');
    expect(networkCheck([null, null, 70])).toBe('offline');
    expect(networkCheck([])).toBe('offline');
  });
});

describe('summary', () => {
  it('is ready when the voice was heard, the network is usable and the sentence came back', () => {
    expect(checkSummary('heard', 'good', 'good')).toEqual({ ready: true, recognitionWorks: true, hints: [] });
    expect(checkSummary('heard', 'fair', 'good')).toEqual({ ready: true, recognitionWorks: true, hints: [] });
  });

  it('a server without recognition does not hold the learner back, but says so', () => {
    expect(checkSummary('heard', 'good', 'unavailable')).toEqual({
      ready: true,
      recognitionWorks: false,
      hints: [{ step: 'recognition', state: 'unavailable' }],
    });
  });

  it('names each failing step in order', () => {
    expect(checkSummary('denied', 'poor', 'retry')).toEqual({
      ready: false,
      recognitionWorks: false,
      hints: [
        { step: 'mic', state: 'denied' },
        { step: 'network', state: 'poor' },
        { step: 'recognition', state: 'retry' },
      ],
    });
    expect(checkSummary('live', 'good', 'good').ready).toBe(false);
    expect(checkSummary('heard', 'offline', 'good').ready).toBe(false);
    expect(checkSummary('heard', 'good', 'pending').ready).toBe(false);
  });
});

describe('engine and browser', () => {
  it('reads the recognition state of the public health answer', () => {
    for (const recognition of ['ready', 'not-ready', 'none'] as const)
      expect(asrEngineState({ status: 'ok', recognition })).toBe(recognition);
  });

  it('tells the browsers apart by their user agent', () => {
    const chrome =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
    expect(browserFamily(chrome)).toBe('chrome');
    expect(browserFamily(chrome.replace('Chrome/', 'HeadlessChrome/'))).toBe('chrome');
    expect(browserFamily(`${chrome} Edg/126.0.0.0`)).toBe('edge');
    expect(
      browserFamily('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'),
    ).toBe('firefox');
    expect(
      browserFamily(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      ),
    ).toBe('safari');
    expect(
      browserFamily(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('chrome');
    expect(browserFamily('curl/8.0')).toBe('other');
  });
});
