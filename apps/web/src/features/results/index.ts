export { ResultsPage } from './components/results-page';
