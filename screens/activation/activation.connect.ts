/**
 * From the activation chart's snapshot to what the /activation screens show (the zag "connect" pattern): no React,
 * testable alone. The screens are plain pictures of this.
 */
import type { ActivationContext, ActivationEvent, ActivationProblem } from '../../machines/activation.machine';
import { DRAFT_FIELD_ORDER, type DraftChange, type PortField, type SimField } from '../../machines/activationForm';
import type { ActivationView } from '../../src/contract/activation';
import { ACTIVATION_LOCK_MINUTES } from '../../src/domain/activation';
import { problemText, type Text } from '../ui/text';
import { isDialogCode } from '../../src/contract/errors';

export type { Text };
export type ActivationStep = 'first' | 'propagate' | 'second' | 'third';

interface SnapshotLike {
  value: unknown;
  context: ActivationContext;
  matches(value: never): boolean;
  can(event: ActivationEvent): boolean;
  hasTag(tag: string): boolean;
}

export const ACTIVATION_PATHS = {
  first: '/activation/first',
  propagate: '/activation/propagate',
  second: '/activation/second',
  secondOffline: '/activation/secondOffline',
  globalSecond: '/activation/global/second',
  third: '/activation/third',
  globalThird: '/activation/global/third',
} as const;

/** The step the chart is at; null while it is still finding out (opening, reading the card or the activation). */
export function stepOf(snapshot: Pick<SnapshotLike, 'matches'>): ActivationStep | null {
  const is = (v: string) => snapshot.matches(v as never);
  if (is('first')) return 'first';
  if (is('needsPlan')) return 'propagate';
  if (is('second')) return 'second';
  if (is('third')) return 'third';
  return null;
}

/** The URL of the step the chart is at (spec section 2's /activation URLs); null: keep the current one. */
export function urlFor(snapshot: Pick<SnapshotLike, 'matches' | 'context'>): string | null {
  const c = snapshot.context;
  const kind = c.card?.kind ?? c.activation?.kind ?? 'us';
  switch (stepOf(snapshot)) {
    case 'first': return ACTIVATION_PATHS.first;
    case 'propagate': return ACTIVATION_PATHS.propagate;
    case 'second':
      if (kind === 'global') return ACTIVATION_PATHS.globalSecond;
      return c.card?.collected === 'offline' ? ACTIVATION_PATHS.secondOffline : ACTIVATION_PATHS.second;
    case 'third': return kind === 'global' ? ACTIVATION_PATHS.globalThird : ACTIVATION_PATHS.third;
    default: return null;
  }
}

/** What to do next for each step-1 code, said under the message. */
export const STEP1_ADVICE: Record<string, string> = {
  '120014': 'activation:advice.120014',
  '120015': 'activation:advice.orderNotFound',
  '120016': 'activation:advice.orderNotFound',
  '120017': 'activation:advice.120017',
  '120018': 'activation:advice.120018',
  '120019': 'activation:advice.120019',
  '120020': 'activation:advice.120020',
  '120021': 'activation:advice.120021',
  '120022': 'activation:advice.120022',
  '120023': 'activation:advice.120023',
  activationLocked: 'activation:advice.locked',
};

export function problemMessage(p: ActivationProblem): Text {
  if (p.code === 'activationLocked') {
    const minutes = Math.max(1, Math.ceil((p.retryAfterSeconds ?? ACTIVATION_LOCK_MINUTES * 60) / 60));
    return { key: 'activation:first.locked', values: { minutes } };
  }
  // 120019 counts a try: the gateway says how many are left before the card is locked.
  if (p.code === '120019' && p.triesLeft !== null) return { key: 'activation:first.wrongCode', values: { count: p.triesLeft, minutes: ACTIVATION_LOCK_MINUTES } };
  return problemText(p);
}

/** The field a step-1 code asks the customer to look at again: focus goes there once its dialog is closed. */
export const FIELD_OF_CODE: Record<string, SimField> = {
  '120019': 'activationCode', activationLocked: 'activationCode',
  '120015': 'iccid', '120016': 'iccid', '120021': 'iccid',
  '120022': 'collected', '120023': 'collected',
};

/** The contract's username rule speaks of logging in ("username or phone number"); registering here asks for a username. */
const FIELD_WORDING: Record<string, string> = { 'validation:username.required': 'activation:account.usernameRequired' };
const errorsOf = (c: ActivationContext, field: string): Text[] => (c.fieldErrors[field] ?? []).map((key) => ({ key: FIELD_WORDING[key] ?? key }));


export function connectFirst(snapshot: SnapshotLike, send: (e: ActivationEvent) => void) {
  const c = snapshot.context;
  const p = c.problem;
  return {
    values: c.sim,
    fieldError: (field: SimField) => errorsOf(c, field),
    /**
     * Said once: a code of spec section 8's list in its warning dialog (with what to do next and, for a wrong code,
     * the tries left), anything else under the form. `field`: where focus goes once the dialog is closed.
     */
    problem: p ? {
      code: p.code, message: problemMessage(p), advice: STEP1_ADVICE[p.code] ? { key: STEP1_ADVICE[p.code]! } : null,
      dialog: isDialogCode(p.code), field: FIELD_OF_CODE[p.code] ?? null,
    } : null,
    notice: c.notice ? { key: `activation:notice.${c.notice}` } : null,
    checking: snapshot.matches({ first: 'checking' } as never),
    focusRequest: c.focusRequest,
    errorFields: (['collected', 'iccid', 'activationCode'] as const).filter((f) => (c.fieldErrors[f]?.length ?? 0) > 0),
    setField: (field: SimField, value: string) => send({ type: 'sim.change', field, value }),
    submit: () => send({ type: 'sim.check', iccid: c.sim.iccid, activationCode: c.sim.activationCode, collected: c.sim.collected }),
  };
}
export type FirstView = ReturnType<typeof connectFirst>;

export function connectSecond(snapshot: SnapshotLike, send: (e: ActivationEvent) => void) {
  const c = snapshot.context;
  const is = (v: unknown) => snapshot.matches(v as never);
  const card = c.card;
  const numbersState = is({ second: { numbers: 'searching' } }) ? 'searching' : is({ second: { numbers: 'listed' } }) ? 'listed' : is({ second: { numbers: 'failed' } }) ? 'failed' : 'idle';
  const submitting = is({ second: { form: 'submitting' } });
  const numbersProblem = numbersState === 'failed' && c.problem ? problemText(c.problem) : null;
  return {
    card,
    global: card?.kind === 'global',
    offline: card?.collected === 'offline',
    esim: card?.simType === 'esim',
    loggedIn: c.loggedIn,
    draft: c.draft,
    numbers: {
      state: numbersState as 'idle' | 'searching' | 'listed' | 'failed',
      areaCode: c.areaCode,
      found: c.numbers,
      problem: numbersProblem,
    },
    submitting,
    notice: c.notice ? { key: `activation:notice.${c.notice}` } : null,
    formError: c.problem && !numbersProblem ? problemText(c.problem) : null,
    fieldError: (field: string) => errorsOf(c, field),
    focusRequest: c.focusRequest,
    errorFields: DRAFT_FIELD_ORDER.filter((f) => (c.fieldErrors[f]?.length ?? 0) > 0),
    change: (change: DraftChange) => send({ type: 'form.change', ...change }),
    searchNumbers: (areaCode: string) => send({ type: 'numbers.search', areaCode }),
    submit: () => { if (!submitting) send({ type: 'activation.submit', draft: c.draft }); },
    forgetCard: () => send({ type: 'sim.forget' }),
  };
}
export type SecondView = ReturnType<typeof connectSecond>;

export type StatusTone = 'progress' | 'success' | 'attention' | 'declined';

/** What step 3 (and the /personal card) says about an activation: its line, its number, its port-in. */
export function describeActivation(a: ActivationView) {
  const port = a.portIn;
  const portState = port?.state ?? null;
  const lineDone = a.simStatus === 'activated';
  const tone: StatusTone = portState === 'informationRequired' ? 'attention'
    : portState === 'declined' ? 'declined'
      : lineDone && (portState === null || portState === 'completed') ? 'success' : 'progress';
  return {
    tone,
    headline: `activation:status.headline.${tone}`,
    lineKey: `activation:status.line.${a.simStatus}`,
    portKey: portState ? `activation:status.port.${portState}` : null,
    reasonKey: port?.reason ? `activation:status.reason.${port.reason}` : null,
    carrierMessage: port?.carrierMessage ?? null,
    esim: a.simType === 'esim',
    global: a.kind === 'global',
  };
}

export function connectThird(snapshot: SnapshotLike, send: (e: ActivationEvent) => void) {
  const c = snapshot.context;
  const is = (v: unknown) => snapshot.matches(v as never);
  const correcting = is({ third: 'correcting' });
  return {
    activation: c.activation,
    summary: c.activation ? describeActivation(c.activation) : null,
    polling: is({ third: 'waiting' }) || is({ third: 'checking' }),
    needsCorrection: is({ third: 'portInfoRequired' }) || correcting,
    correcting,
    port: c.port,
    portError: (field: PortField) => errorsOf(c, `port.${field}`),
    focusRequest: c.focusRequest,
    portErrorFields: (['carrier', 'msisdn', 'accountNumber', 'pin', 'accountZip'] as const).filter((f) => (c.fieldErrors[`port.${f}`]?.length ?? 0) > 0).map((f) => `port.${f}`),
    formError: c.problem ? problemText(c.problem) : null,
    notice: c.notice ? { key: `activation:notice.${c.notice}` } : null,
    changePort: (field: PortField, value: string) => send({ type: 'portIn.change', field, value }),
    submitCorrection: () => { if (!correcting) send({ type: 'portIn.submit', port: c.port }); },
    /** The page is shown again: while it follows the activation, it asks at once. */
    refresh: () => { if (snapshot.can({ type: 'status.refresh' })) send({ type: 'status.refresh' }); },
    another: () => send({ type: 'activation.another' }),
  };
}
export type ThirdView = ReturnType<typeof connectThird>;
