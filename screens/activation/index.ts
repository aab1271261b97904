/**
 * What other areas compose of activation: /personal follows each of the customer's activations with the chart's
 * step 3, its status and the port-in correction in place.
 */
export { ActivationStatus } from './ActivationStatus';
export { connectThird, describeActivation } from './activation.connect';
