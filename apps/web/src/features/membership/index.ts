export { PlusPage } from './components/plus-page';
export { PlusSuccessPage } from './components/success-page';
export { usePaymentCompletedRefresh, PAYMENT_COMPLETED_EVENT } from './hooks/payment-completed';
