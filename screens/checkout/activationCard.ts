/** How activation's plan purchase names the card it is for (issue 4, "current ICCID has no plan"). */
import type { ActivationCard } from '../../machines/checkoutForm';

/** The key of an activation text, in its global-SIM wording (a data pack, not a plan) for a global card. */
export const activationKey = (key: string, kind: ActivationCard['kind'] | undefined): string => `activationPlan.${key}${kind === 'global' ? 'Global' : ''}`;

/** An ICCID in groups of four, as printed on the card, so the customer can compare it with the one in their hand. */
export const groupedIccid = (iccid: string): string => iccid.replace(/(\d{4})(?=\d)/g, '$1 ');
