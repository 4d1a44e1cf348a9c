export { CampusCardPage } from './components/campus-card-page';
