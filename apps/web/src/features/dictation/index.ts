export { DictationPage } from './components/dictation-page';
