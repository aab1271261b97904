/**
 * Money in the account portal (issue 14): top-ups (orders of kind 'topup' paid through the payments area and credited
 * through the ledger when paid, decision 0020), bills by month with their PDF, and the customer's orders. The
 * payments area calls creditTopUp in the transaction that marks a top-up paid; the composition roots register the routes.
 */
export { moneyRoutes } from './routes';
export { creditTopUp } from './topUp';
