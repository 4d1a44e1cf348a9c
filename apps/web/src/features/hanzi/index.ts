export { WritePage } from './components/write-page';
