/**
 * The browser's own speech recognition (Web Speech API), offered only when the server has no
 * recognition engine: the learner sees it is the browser's and can correct the text before using it.
 */

interface RecognitionAlternative {
  transcript: string;
}
interface RecognitionResult {
  readonly isFinal: boolean;
  readonly length: number;
  [index: number]: RecognitionAlternative;
}
interface RecognitionEvent {
  readonly resultIndex: number;
  readonly results: { readonly length: number; [index: number]: RecognitionResult };
}
export interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((e: RecognitionEvent) => void) | null;
  onerror: ((e: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}
type RecognitionConstructor = new () => SpeechRecognitionLike;

/** The Web Speech API constructor of this browser, or null (Firefox, most WebViews). */
export function browserRecognitionConstructor(win: object = globalThis): RecognitionConstructor | null {
  for (const name of ['SpeechRecognition', 'webkitSpeechRecognition']) {
    const ctor: unknown = Reflect.get(win, name);
    if (typeof ctor === 'function') return ctor as RecognitionConstructor;
  }
  return null;
}

export interface BrowserRecognitionHandlers {
  onText: (text: string) => void;
  onEnd: (error: string | null) => void;
}

/** Starts Mandarin recognition; `onText` receives the whole text heard so far. Returns a stop function. */
export function startBrowserRecognition(
  ctor: RecognitionConstructor,
  handlers: BrowserRecognitionHandlers,
): () => void {
  const rec = new ctor();
  rec.lang = 'zh-CN';
  rec.continuous = true;
  rec.interimResults = true;
  let error: string | null = null;
  rec.onresult = (e) => {
    let text = '';
    for (let i = 0; i < e.results.length; i++) text += e.results[i]?.[0]?.transcript ?? '';
    handlers.onText(text);
  };
  rec.onerror = (e) => {
    error = e.error;
  };
  rec.onend = () => handlers.onEnd(error);
  rec.start();
  return () => rec.stop();
}
