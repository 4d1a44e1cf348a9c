// The review page with the speaking feature's microphone and voice analysis, composed here because
// features do not import each other; a page chunk of its own (loaded only on /review).
import { ReviewPage } from '@/features/review/components/review-page';
import type { VoiceTools } from '@/features/review';
import { assessVoice } from '@/components/voice/assess-voice';
import { ToneCurve } from '@/components/voice/tone-curve';
import { useAnalyserLevel } from '@/lib/audio/use-analyser-level';
import { WebmRecording, closeStream, openMicrophone, webmSupported } from '@/lib/audio/microphone';

const voice: VoiceTools = {
  supported: webmSupported,
  async record() {
    const stream = await openMicrophone();
    const recording = WebmRecording.start(stream);
    // As the answer recorder does: the card says "Recording" only once the encoder delivers audio,
    // which on a busy phone comes a second or more after start(), and words said before it are lost.
    await recording.started();
    return {
      analyser: recording.analyser,
      async stop() {
        const blob = await recording.stop();
        closeStream(stream);
        return blob;
      },
    };
  },
  assess: assessVoice,
  Syllable: ToneCurve,
  useLevel: useAnalyserLevel,
};

/** `/{lang}/review`. */
export function ReviewRoute() {
  return <ReviewPage voice={voice} />;
}
