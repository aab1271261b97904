/**
 * The model of the `activation` chart: one payload per guard branch (the card step 1 answers, each error code a
 * branch turns on, each state of an activation and its port-in), and the context that decides guards (the card, the
 * activation's progress).
 */
import { chartById } from '../index';
import { ACTIVATION_RESUME_VERSION, inProgress, portNeedsInformation, type ActivationContext } from '../activation.machine';
import { emptyDraft, type ActivationDraft, type PortDraft } from '../activationForm';
import type { ActivationSim, ActivationView } from '../../src/contract/activation';
import type { ChartModel } from '../paths';

const apiError = (code: string, status = 400, data?: unknown) => ({ code, message: '', status, data });

export const SEEDED = { iccid: '8901260010000000013', activationCode: '111111' };

export const cardOf = (over: Partial<ActivationSim> = {}): ActivationSim & { activationToken: string } => ({
  activationToken: 'token-1', iccid: SEEDED.iccid, kind: 'us', simType: 'physical', collected: 'online', status: 'inactive',
  plan: { planId: 3, name: '5GB', months: 1 }, orderNo: 'LB20261122000001', activationId: null, ...over,
});

export const VALID_DRAFT: ActivationDraft = {
  ...emptyDraft(),
  numberKind: 'new', areaCode: '626', newNumber: '6265550123',
  birthday: '1990-05-01', email: 'mei@example.com', zip: '91801',
  username: 'meilin', password: 'Activate1x', confirm: 'Activate1x',
  wifiCalling: true, e911: { address1: '88 Garfield Ave', address2: '', city: 'Alhambra', state: 'CA', zip: '91801' },
};

export const VALID_PORT: PortDraft = { carrier: 'T-Mobile', msisdn: '6265550188', accountNumber: '123456789', pin: '1234', accountZip: '91801' };

export const viewOf = (over: Partial<ActivationView> = {}): ActivationView => ({
  activationId: 'act-1', iccid: SEEDED.iccid, kind: 'us', simType: 'physical', simStatus: 'activating', msisdn: '6265550123',
  numberKind: 'new', portIn: null, wifiCalling: true, emailMasked: 'm***@example.com', submittedAt: '2026-11-22T08:00:00.000Z',
  activatedAt: null, referral: { code: 'K7QX', link: 'https://example.com/?recommendCode=K7QX' }, ...over,
});

const portIn = (state: NonNullable<ActivationView['portIn']>['state'], reason: NonNullable<ActivationView['portIn']>['reason'] = null) => ({
  state, reason, carrierMessage: reason ? 'PIN does not match our records' : null, carrier: 'T-Mobile', msisdn: '6265550188',
  accountZip: '91801', accountNumberHint: '89', updatedAt: '2026-11-22T08:05:00.000Z',
});

export const VIEWS = {
  activating: viewOf(),
  needsInfo: viewOf({ numberKind: 'port', msisdn: '6265550188', portIn: portIn('informationRequired', 'pin') }),
  resubmitted: viewOf({ numberKind: 'port', msisdn: '6265550188', portIn: portIn('resubmitted') }),
  activated: viewOf({ simStatus: 'activated', activatedAt: '2026-11-22T08:06:00.000Z' }),
};

export const activationModel: ChartModel = {
  entry: chartById('activation')!,
  input: { loggedIn: false },
  abstractContext: (c: ActivationContext) => ({
    card: c.card ? `${c.card.kind}:${c.card.plan ? 'plan' : 'none'}:${c.card.activationId ? 'submitted' : ''}` : null,
    activationId: c.activationId !== null,
    // How many checks were made decides only how long the page waits before the next: no guard reads it.
    view: c.activation ? (portNeedsInformation(c.activation) ? 'info' : inProgress(c.activation) ? 'progress' : 'settled') : null,
  }),
  payloads: {
    'activation.open': [
      { resume: { version: ACTIVATION_RESUME_VERSION, activationToken: 'token-1', activationId: 'act-1', collected: 'online', draft: null } },
      { resume: { version: ACTIVATION_RESUME_VERSION, activationToken: 'token-1', activationId: null, collected: 'online', draft: VALID_DRAFT } },
      { resume: null },
    ],
    'sim.change': [{ field: 'iccid', value: SEEDED.iccid }],
    'sim.check': [{ ...SEEDED, collected: 'online' }, { iccid: '8901260010000000014', activationCode: '12', collected: '' }],
    'done:checkSim': [
      { output: cardOf() },
      { output: cardOf({ collected: 'offline', plan: null, orderNo: null }) },
      { output: cardOf({ status: 'activating', activationId: 'act-1' }) },
      { output: cardOf({ iccid: '8985230010000000088', kind: 'global', plan: { planId: 11, name: 'Asia 10GB', months: 1 } }) },
    ],
    'error:checkSim': [{ error: apiError('120019', 422) }],
    'done:loadCard': [{ output: cardOf() }, { output: cardOf({ collected: 'offline', plan: null, orderNo: null }) }, { output: cardOf({ status: 'activating', activationId: 'act-1' }) }],
    'error:loadCard': [{ error: apiError('activationTokenInvalid', 401) }, { error: apiError('http', 502) }],
    'numbers.search': [{ areaCode: '626' }, { areaCode: '12' }],
    'done:loadNumbers': [{ output: { areaCode: '626', numbers: ['6265550123', '6265550124'], nearbyAreaCodes: [] } }],
    'error:loadNumbers': [{ error: apiError('http', 502) }],
    'form.change': [{ field: 'email', value: VALID_DRAFT.email }],
    'activation.submit': [{ draft: VALID_DRAFT }, { draft: emptyDraft() }],
    'done:submit': [
      { output: { activation: VIEWS.activating, login: null } },
      { output: { activation: VIEWS.needsInfo, login: null } },
      { output: { activation: VIEWS.activated, login: null } },
    ],
    'error:submit': [
      { error: apiError('numberTaken', 409) }, { error: apiError('120020', 409) }, { error: apiError('activationTokenInvalid', 401) },
      { error: apiError('usernameTaken', 409) }, { error: apiError('http', 502) },
    ],
    'done:loadStatus': [{ output: VIEWS.activating }, { output: VIEWS.needsInfo }, { output: VIEWS.activated }],
    'error:loadStatus': [{ error: apiError('activationTokenInvalid', 401) }, { error: apiError('http', 502) }],
    'portIn.change': [{ field: 'pin', value: VALID_PORT.pin }],
    // The carrier named the PIN (VIEWS.needsInfo): the PIN alone corrects it, the account number kept; without the PIN it does not.
    'portIn.submit': [{ port: { ...VALID_PORT, accountNumber: '' } }, { port: { ...VALID_PORT, pin: '', accountNumber: '' } }],
    'done:correctPortIn': [{ output: VIEWS.needsInfo }, { output: VIEWS.resubmitted }, { output: VIEWS.activated }],
    'error:correctPortIn': [{ error: apiError('portInNotCorrectable', 409) }, { error: apiError('http', 502) }],
  },
};
