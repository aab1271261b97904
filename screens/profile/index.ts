/** What other areas compose of the profile area: adding a card from the provider's card form (/welfare uses it). */
export { AddCardForm } from './AddCardForm';
export { brandKey, connectBankCards, type BankCardsView } from './bankCards.connect';
