export { TestSelectionPage } from './components/selection/test-selection-page';
export { TestRunPage } from './components/run/test-run-page';
export { SpeechCheckPage } from './components/speech-check/speech-check-page';
