export { VocabularyPage } from './components/vocabulary-page';
