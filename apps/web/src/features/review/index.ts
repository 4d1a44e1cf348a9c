export { ReviewPage } from './components/review-page';
export type { VoiceTools, VoiceRecording } from './components/voice-tools';
