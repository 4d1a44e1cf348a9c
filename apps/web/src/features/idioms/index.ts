export { IdiomsPage } from './components/idioms-page';
