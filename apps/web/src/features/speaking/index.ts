export { TestSelectionPage } from './components/selection/test-selection-page';
export { TestRunPage } from './components/run/test-run-page';
