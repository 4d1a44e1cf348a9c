export { HskLevelPage } from './components/level-page';
export { HskSectionPage } from './components/section-page';
export { HskQuestionPage } from './components/question-page';
export { HskListeningTestPage } from './components/listening-test-page';
export { HskAttemptsList } from './components/attempts-list';
