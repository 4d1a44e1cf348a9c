export { SpeechCheckPage } from './components/speech-check-page';
