/**
 * The screen depth's models: what a person can do at each chart's real screens in a state (`filterEvents`), over the
 * chart's model. The jsdom screen tests (test/model/*.screens.test.tsx) walk the paths generated from these, and
 * `npm run paths -- <chart> --depth screen` prints the same paths, so QA reads what the screens run. A chart missing
 * here is walked at its screens with its plain model (every event it handles is on its screen), or has no screen
 * depth (a lifecycle: its second depth is the gateway's own rows, test/server).
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { ActivationView } from '../../src/contract/activation';
import type { ActivationContext } from '../activation.machine';
import { generatePaths, type ChartModel, type PathCase } from '../paths';
import { activationModel } from './activation';
import { checkoutModel, oneRegionAtATime } from './checkout';
import { autoRenewalPageModel } from './planLifecycles';
import { esimInstallModel, loginModel, wifiCallingModel } from './index';
import { flowPacketModel } from './lineOrder';
import { paymentModel } from './payment';
import { bankCardsModel, passwordBySmsModel, profileModel } from './profile';
import { topUpModel } from './topUp';
import { trackingModel } from './tracking';

type Offered = (s: AnyMachineSnapshot, e: EventObject) => boolean;

const outputOf = <T>(e: EventObject | undefined) => (e as { output?: T } | undefined)?.output;
const errorCodeOf = (e: EventObject | undefined) => (e as { error?: { code?: string } } | undefined)?.error?.code;
const outcomeOf = (e: EventObject | undefined) => outputOf<{ outcome?: string }>(e)?.outcome;
const statusOf = (e: EventObject | undefined) => outputOf<{ status?: string }>(e)?.status;
/** A call is running: the screen shows it loading and offers nothing else. */
const calling = (s: AnyMachineSnapshot) => s._nodes.some((n: { invoke: unknown[] }) => n.invoke.length > 0);

/** The login page: each tab's fields and links, nothing while a call runs; the countdowns and failing image codes are Chromium's. */
const login: Offered = (s, e) => {
  const t = e.type;
  if (t.startsWith('xstate.after.') || t === 'xstate.error.actor.loadCaptcha' || t.startsWith('xstate.error.actor.checkRegisteredFor')) return false;
  if (t.startsWith('xstate.done.actor.') || t.startsWith('xstate.error.actor.')) return true;
  if (calling(s)) return false;
  const is = (v: unknown) => s.matches(v as never);
  const onLoginTabs = is({ loginPage: { path: 'smsLogin' } }) || is({ loginPage: { path: 'passwordLogin' } });
  switch (t) {
    case 'field.change':
      return ['smsLogin', 'register', 'reset'].some((p) => is({ loginPage: { path: { [p]: 'enteringPhone' } } }));
    case 'path.passwordLogin': return onLoginTabs || is({ loginPage: { path: { register: 'alreadyRegistered' } } });
    case 'path.register': return onLoginTabs || is({ loginPage: { path: { reset: 'notRegistered' } } });
    case 'path.reset': return onLoginTabs || is({ loginPage: { path: { register: 'alreadyRegistered' } } });
    default: return true;
  }
};

const CHECKOUT_CALLS = new Set(['loadCatalog', 'quote', 'createOrder', 'loadOrder', 'sendEduCode', 'verifyEduCode']);
/** The purchase form and result pages: what is on them, nothing while a call runs; 120087 is Chromium's. */
const checkout: Offered = (s, e) => {
  const t = e.type;
  if (t === 'xstate.error.actor.payment') return false;
  if (t === 'xstate.done.actor.payment') return outcomeOf(e) !== 'expired';
  if (t.startsWith('xstate.')) return true;
  return !s._nodes.some((n: { invoke: { src: unknown }[] }) => n.invoke.some((i) => CHECKOUT_CALLS.has(String(i.src))));
};
/** The screens walk the student option as the chart's model does: one region of the form at a time. */
const checkoutScreen: Offered = (s, e) => oneRegionAtATime(s, e) && checkout(s, e);

/** The payment panel: a radio already chosen cannot be chosen again; the provider's card form is Chromium's. */
const payment: Offered = (s, e) => {
  const t = e.type;
  if (t.startsWith('cardForm.')) return false;
  if (t.startsWith('xstate.done.actor.') || t.startsWith('xstate.error.actor.') || t.startsWith('xstate.after.')) return true;
  if (t === 'method.choose' && (e as { method?: string }).method === (s.context as { method: string }).method) return false;
  if (t === 'card.select' && (e as { cardId?: number }).cardId === (s.context as { cardId: number | null }).cardId) return false;
  return !s.hasTag('busy');
};

/** The top-up pages: 120087 is Chromium's; a top-up is never closed unpaid (declared unreachable). */
const topUp: Offered = (s, e) => {
  if (e.type === 'xstate.error.actor.payment') return false;
  if (e.type === 'xstate.done.actor.payment') return outcomeOf(e) !== 'expired';
  if (e.type === 'xstate.snapshot.payment') return !(e as unknown as { snapshot: { tags: string[] } }).snapshot.tags.length;
  if (e.type === 'xstate.done.actor.loadTopUp') return statusOf(e) !== 'cancelled';
  if (e.type === 'xstate.error.actor.createTopUp') return errorCodeOf(e) === 'validation';
  return true;
};

/** /tracking: the countdown and failing image codes are Chromium's; "change the address" only when the order can. */
const tracking: Offered = (s, e) => {
  const t = e.type;
  if (t.startsWith('xstate.after.') || t === 'xstate.error.actor.loadCaptcha') return false;
  if (t === 'xstate.error.actor.modifyAddress') return ['alreadyShipped', 'ticketInvalid'].includes(errorCodeOf(e) ?? '');
  if (t.startsWith('xstate.done.actor.') || t.startsWith('xstate.error.actor.')) return true;
  if (calling(s)) return false;
  if (t === 'modify.open') return s.matches('result') && (s.context as { order?: { canModify?: boolean } }).order?.canModify === true;
  return true;
};

const answeredView = (e: EventObject | undefined): ActivationView | null => {
  const out = outputOf<ActivationView | { activation: ActivationView }>(e);
  if (!out) return null;
  return 'activation' in out ? out.activation : out;
};
const isValidDraftEvent = (e: EventObject) => Boolean((e as { draft?: { birthday?: string } }).draft?.birthday);

/** The activation steps: nothing while a call runs; a global card has no number to search, take or port. */
const activation: Offered = (s, e) => {
  const t = e.type;
  const c = s.context as ActivationContext;
  if (c.card?.kind === 'global' && (errorCodeOf(e) === 'numberTaken' || answeredView(e)?.portIn)) return false;
  if (t.startsWith('xstate.')) return true;
  if (calling(s)) return false;
  switch (t) {
    case 'numbers.search': return c.card?.kind === 'us';
    // A valid step 2 of a US card has a number picked from a list the customer searched.
    case 'activation.submit': return !isValidDraftEvent(e) || c.card?.kind === 'global' || s.matches({ second: { numbers: 'listed' } } as never);
    default: return true;
  }
};

/** The data add-on pages: the form shows its one offer and no months (both are the plan change's); 120087 is Chromium's. */
const flowPacket: Offered = (s, e) => {
  if (e.type === 'months.choose' || (e.type === 'offer.choose' && s.matches('confirming'))) return false;
  if (e.type === 'xstate.error.actor.payment' || e.type === 'xstate.error.actor.loadOffers') return false;
  if (e.type === 'xstate.done.actor.payment') return outcomeOf(e) !== 'expired';
  if (e.type === 'xstate.snapshot.payment') return !(e as unknown as { snapshot: { tags: string[] } }).snapshot.tags.length;
  return true;
};

/** The screen depth's model of each chart that has one. */
export const screenModels: Record<string, ChartModel> = {
  login: { ...loginModel, filterEvents: login },
  checkout: { ...checkoutModel, filterEvents: checkoutScreen },
  payment: { ...paymentModel, filterEvents: payment },
  topUp: { ...topUpModel, filterEvents: topUp },
  tracking: { ...trackingModel, filterEvents: tracking },
  activation: { ...activationModel, filterEvents: activation },
  flowPacket: { ...flowPacketModel, filterEvents: flowPacket },
  // The email form shows the code field only once a code was sent: a code is typed then.
  profile: { ...profileModel, filterEvents: (s, e) => e.type !== 'code.type' || s.matches({ changingEmail: 'codeSent' }) },
  // /resetpwd shows the code and password fields once the code was sent.
  passwordBySms: { ...passwordBySmsModel, filterEvents: (s, e) => e.type !== 'field.change' || s.matches('codeSent') },
  // Every event these charts handle is on their screens.
  bankCards: bankCardsModel,
  wifiCalling: wifiCallingModel,
  esimInstall: esimInstallModel,
  autoRenewalPage: autoRenewalPageModel,
};

/**
 * The paths the screen depth walks: the generated paths of its model, less those ending in a transition declared
 * unreachable or exempt at this depth (machines/index.ts: taken in Chromium instead). Null for a chart without a
 * screen depth.
 */
export function screenPaths(chart: string): PathCase[] | null {
  const model = screenModels[chart];
  if (!model) return null;
  const entry = model.entry;
  const unreachable = new Set((entry.unreachable ?? []).map((u) => u.transition));
  const exempt = (id: string) => (entry.exemptions ?? []).some((e) => e.depth === 'screen' && e.transitions?.test(id));
  return generatePaths(model).filter((p) => !unreachable.has(p.transition.id) && !exempt(p.transition.id));
}
