/**
 * SIM lifecycle (spec section 4): "SIM status: inactive, activating, activated, expired." The truth of one card
 * (sims.status) on the gateway: src/server/activation/jobs.ts loads the card's state, applies an event with
 * xstate's pure transition function (src/server/db/lifecycle.ts), refuses what this chart does not accept, and
 * writes the new state with a state_history row in one transaction. The chart keeps no context: guards read the
 * facts the host puts on the event (the card's type, purchase time, QR expiry, the clock).
 */
import { setup } from 'xstate';
import { activationWindowClosed } from '../src/domain/simExpiry';

export type SimType = 'physical' | 'esim';

export type SimLifecycleEvent =
  /** Step 2 was submitted: the activation asks the network for the line. */
  | { type: 'sim.activate'; activationId: string }
  /** The network reports the line provisioned. */
  | { type: 'sim.provisioned'; simType: SimType }
  /** The network refused to provision the line (its reason is kept on the activation). */
  | { type: 'sim.provisioningFailed'; failure: string }
  /** The server's clock job: the card's activation window may have closed. */
  | { type: 'sim.expire'; simType: SimType; purchasedAt: string | null; qrExpiresAt: string | null; at: string }
  /** /personal: the customer converts the physical card of an activated line to an eSIM. */
  | { type: 'sim.convertToEsim' }
  /** /personal: the customer goes back from the eSIM to the physical card. */
  | { type: 'sim.revertConversion' }
  /** /personal/upgradeNewCard (decision 0037): this replacement card is activated and its line's number moves to it. */
  | { type: 'sim.takeLine'; replacementId: string }
  /** /personal/upgradeNewCard (decision 0037): the line this card carried moved to a replacement card. */
  | { type: 'sim.replaced'; replacementId: string }
  /** /personal/upgradeNewCard (decision 0037): the replacement this card was made for is cancelled before it was used. */
  | { type: 'sim.voidReplacement'; replacementId: string };

type ExpireEvent = Extract<SimLifecycleEvent, { type: 'sim.expire' }>;

const windowClosed = (e: ExpireEvent, simType: SimType) => e.simType === simType && activationWindowClosed({
  simType: e.simType,
  purchasedAt: e.purchasedAt ? new Date(e.purchasedAt) : null,
  qrExpiresAt: e.qrExpiresAt ? new Date(e.qrExpiresAt) : null,
}, new Date(e.at));

export const simLifecycleMachine = setup({
  types: { events: {} as SimLifecycleEvent },
  guards: {
    physicalNotActivatedWithin90Days: ({ event }) => event.type === 'sim.expire' && windowClosed(event, 'physical'),
    esimQrOlderThan30Days: ({ event }) => event.type === 'sim.expire' && windowClosed(event, 'esim'),
    isEsim: ({ event }) => event.type === 'sim.provisioned' && event.simType === 'esim',
  },
  actions: {
    /** The host enqueues the provisioning job (activation.provision) in the same transaction. */
    startProvisioning: () => undefined,
    /** The host marks the activation and the line activated and emails the customer. */
    recordActivation: () => undefined,
    /** The host marks the activation failed with the network's reason; the card may be activated again. */
    recordProvisioningFailure: () => undefined,
  },
}).createMachine({
  id: 'simLifecycle',
  description: 'Spec section 4: "SIM status: inactive, activating, activated, expired." "Activation: ICCID and code, then plan, pay, done; takes effect within 5 minutes to 24 hours."',
  initial: 'inactive',
  states: {
    inactive: {
      description: 'Spec section 4: "inactive". The card is sold (or collected at a dealer) and not yet activated; step 1 of /activation accepts it.',
      on: {
        'sim.activate': {
          target: 'activating',
          actions: 'startProvisioning',
          description: 'Spec section 2 (Activation): "step 2 choose new number or port-in, personal info, Wi-Fi calling with E911 address": the submitted activation asks the network for the line.',
        },
        'sim.takeLine': {
          target: '#simLifecycle.activated.physical',
          description: 'Issue 16: "when the new card is activated the line moves to it, the number unchanged" (decision 0037): a replacement card, proven by its ICCID and printed code in the account, takes over its line; no new number is asked of the network.',
        },
        'sim.voidReplacement': {
          target: 'void',
          description: 'Decision 0037: the customer cancelled the replacement this card was made for (or it ran out): the card is void and can carry no line.',
        },
        'sim.expire': [
          {
            guard: 'physicalNotActivatedWithin90Days',
            target: 'expired',
            description: 'Spec section 4: "Physical SIM must be activated within 90 days of purchase." The server\'s clock job expires a physical card 90 days after its purchase.',
          },
          {
            guard: 'esimQrOlderThan30Days',
            target: 'expired',
            description: 'Spec section 4: "eSIM QR valid 30 days." The server\'s clock job expires an eSIM whose QR code has outlived its 30 days.',
          },
        ],
      },
    },
    activating: {
      description: 'Spec section 4: "activating"; "takes effect within 5 minutes to 24 hours". Step 1 answers 120020 "SIM activating, wait" meanwhile.',
      on: {
        'sim.provisioned': [
          {
            guard: 'isEsim',
            target: '#simLifecycle.activated.esim',
            actions: 'recordActivation',
            description: 'Spec section 4: "eSIM QR by email in about 5 minutes": the network has provisioned the eSIM\'s line.',
          },
          {
            target: '#simLifecycle.activated.physical',
            actions: 'recordActivation',
            description: 'Spec section 4: "takes effect within 5 minutes to 24 hours": the network has provisioned the physical card\'s line.',
          },
        ],
        'sim.provisioningFailed': {
          target: 'inactive',
          actions: 'recordProvisioningFailure',
          description: 'Spec section 4 (ARCHITECTURE: the network sandbox "fails on documented test values"): the network refused the line; nothing was activated, so the card is inactive again and can be activated anew.',
        },
      },
    },
    activated: {
      description: 'Spec section 4: "activated". The line is in service; step 1 answers 120014 "card already activated".',
      initial: 'physical',
      on: {
        'sim.replaced': {
          target: 'void',
          description: 'Issue 16: "when the new card is activated the line moves to it, the number unchanged, and the old card stops" (decision 0037).',
        },
      },
      states: {
        physical: {
          description: 'A physical card in service. Spec section 2 (Personal centre): "card replacement and eSIM conversion".',
          on: {
            'sim.convertToEsim': {
              target: 'convertedToEsim',
              description: 'Spec section 4: "Converting physical to eSIM voids the physical card; the number is unchanged."',
            },
          },
        },
        convertedToEsim: {
          description: 'Spec section 4: "Converting physical to eSIM voids the physical card; the number is unchanged": the line runs on an eSIM and this card is void (step 1 answers 120017 for it).',
          on: {
            'sim.revertConversion': {
              target: 'physical',
              description: 'Spec section 4: "the number is unchanged and conversion can go back": the line returns to this physical card with the same number.',
            },
          },
        },
        esim: {
          description: 'An eSIM in service (bought as an eSIM). Spec section 5: "A CN-made phone cannot use eSIM."',
        },
      },
    },
    void: {
      type: 'final',
      description: 'Issue 16: "the old card stops" (decision 0037): its line moved to a replacement card, or it was a replacement card cancelled before use. Step 1 answers 120017 for it.',
    },
    expired: {
      type: 'final',
      description: 'Spec section 4: "expired"; section 8: "120018 SIM expired". The card can no longer be activated.',
    },
  },
});
