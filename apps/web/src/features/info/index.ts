export { AboutPage, PrivacyPage, FaqPage, HelpPage, PRIVACY_UPDATED } from './components/pages';
export { FaqModal } from './components/faq-modal';
