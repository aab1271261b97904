/** What other areas compose of the checkout: /activation/propagate names the card a plan is bought for as the checkout does. */
export { ActivationCardInfo } from './ProductSection';
export { activationKey } from './activationCard';
