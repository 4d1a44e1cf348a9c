export { ProgressPage } from './components/progress-page';
