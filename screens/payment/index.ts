/** What other areas compose of payment: the payment panel, which the checkout shows once its order is placed. */
export { PaymentPanel } from './PaymentPanel';
