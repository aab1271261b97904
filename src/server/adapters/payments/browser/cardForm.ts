/**
 * The card form's script, running in the iframe on the provider's origin. It formats what the buyer types,
 * names the brand, shows each field's problem next to it in the form's language, and on the page's request
 * posts the card to this origin's tokenization endpoint. The page only hears validity and the token.
 */
import type { CardField, CardFieldError, TokenResult } from '../../../../contract/cardSdk';
import { cardBrand } from '../../../../domain/card';
import type { Language } from '../../../../../i18n/languages';
import { CARD_FIELDS, fieldProblem, formatCardNumber, formatCvv, formatExpiry, type CardEntry, type EntryProblem } from '../cardEntry';
import { problemMessage, sandboxLanguage, sandboxText } from '../texts';
import { FRAME_PARAMS, PROTOCOL, isMessage, type FromFramePayload, type ToFrame } from './protocol';

const TOKENIZE_PATH = '/v1/card-nonce';
const params = new URLSearchParams(window.location.search);
const parentOrigin = params.get(FRAME_PARAMS.parent) ?? '';
const channel = params.get(FRAME_PARAMS.channel) ?? '';
const applicationId = params.get(FRAME_PARAMS.applicationId) ?? '';
let lang: Language = sandboxLanguage(params.get(FRAME_PARAMS.lang));

const input = (field: CardField) => document.getElementById(field) as HTMLInputElement;
const byId = (id: string) => document.getElementById(id)!;
const form = document.getElementById('card-form') as HTMLFormElement;

/** Fields whose problem is shown: left once with something in it, or checked by a tokenize request. */
const touched = new Set<CardField>();
/** Problems the server found that the form could not know (e.g. the expiry on the provider's clock). */
const serverProblems = new Map<CardField, string>();
let busy = false;

const entry = (): CardEntry => ({ number: input('cardNumber').value, exp: input('expirationDate').value, cvv: input('cvv').value, postalCode: input('postalCode').value });

const problemOf = (field: CardField): string | null => fieldProblem(field, entry(), new Date()) ?? serverProblems.get(field) ?? null;

function post(message: FromFramePayload) {
  window.parent.postMessage({ ...message, protocol: PROTOCOL, channel }, parentOrigin);
}

function render(field: CardField) {
  const problem = touched.has(field) ? problemOf(field) : null;
  const el = input(field);
  const error = byId(`${field}-error`);
  el.setAttribute('aria-invalid', problem ? 'true' : 'false');
  error.textContent = problem ? problemMessage(lang, field, problem) : '';
  error.hidden = !problem;
}

function renderBrand() {
  const brand = cardBrand(input('cardNumber').value);
  const label = byId('cardNumber-brand');
  label.textContent = brand === 'unknown' ? '' : sandboxText(lang, `brand.${brand}`);
  label.title = brand === 'unknown' ? '' : sandboxText(lang, 'form.brandDetected', { brand: sandboxText(lang, `brand.${brand}`) });
}

function renderTexts() {
  document.documentElement.lang = lang;
  document.title = sandboxText(lang, 'form.title');
  for (const el of document.querySelectorAll<HTMLElement>('[data-text]')) el.textContent = sandboxText(lang, el.dataset.text!);
  renderBrand();
  for (const field of CARD_FIELDS) render(field);
}

function announceChange(field: CardField | null) {
  const complete = CARD_FIELDS.every((f) => !problemOf(f));
  post({ type: 'change', complete, field });
}

/** Reformats the field and keeps the caret after the same digit it followed. */
function reformat(el: HTMLInputElement, format: (value: string, deleting: boolean) => string, deleting: boolean) {
  const caret = el.selectionStart ?? el.value.length;
  const atEnd = caret >= el.value.length;
  const digitsBefore = el.value.slice(0, caret).replace(/\D/g, '').length;
  const next = format(el.value, deleting);
  if (next === el.value) return;
  el.value = next;
  let pos = next.length;
  if (!atEnd) {
    pos = 0;
    for (let seen = 0; pos < next.length && seen < digitsBefore; pos++) if (/\d/.test(next[pos]!)) seen++;
  }
  el.setSelectionRange(pos, pos);
}

const FORMATTERS: Partial<Record<CardField, (value: string, deleting: boolean) => string>> = {
  cardNumber: (v) => formatCardNumber(v),
  expirationDate: formatExpiry,
  cvv: (v) => formatCvv(v),
};

for (const field of CARD_FIELDS) {
  const el = input(field);
  el.addEventListener('input', (event) => {
    const format = FORMATTERS[field];
    if (format) reformat(el, format, (event as InputEvent).inputType?.startsWith('delete') ?? false);
    serverProblems.delete(field);
    if (field === 'cardNumber') {
      renderBrand();
      if (touched.has('cvv')) render('cvv');
    }
    render(field);
    announceChange(field);
  });
  el.addEventListener('blur', () => {
    if (el.value.trim()) touched.add(field);
    render(field);
  });
}

form.addEventListener('submit', (event) => event.preventDefault());

async function tokenize(): Promise<TokenResult> {
  for (const field of CARD_FIELDS) touched.add(field);
  const problems: EntryProblem[] = CARD_FIELDS.flatMap((field) => {
    const type = problemOf(field);
    return type ? [{ field, type }] : [];
  });
  if (problems.length) return invalid(problems);
  busy = true;
  form.setAttribute('aria-busy', 'true');
  try {
    const res = await fetch(TOKENIZE_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ applicationId, ...entry(), lang }),
      credentials: 'omit',
    });
    const body = await res.json().catch(() => null) as { token?: string; details?: unknown; errors?: EntryProblem[] } | null;
    if (res.ok && body?.token) return { status: 'OK', token: body.token, details: body.details as Extract<TokenResult, { status: 'OK' }>['details'] };
    const fieldErrors = (body?.errors ?? []).filter((e) => (CARD_FIELDS as string[]).includes(e.field));
    if (res.status === 400 && fieldErrors.length) {
      for (const e of fieldErrors) serverProblems.set(e.field, e.type);
      return invalid(fieldErrors);
    }
    return { status: 'Error', errors: [{ type: 'unavailable', message: sandboxText(lang, 'error.unavailable') }] };
  } catch {
    return { status: 'Error', errors: [{ type: 'network', message: sandboxText(lang, 'error.network') }] };
  } finally {
    busy = false;
    form.removeAttribute('aria-busy');
  }
}

function invalid(problems: EntryProblem[]): TokenResult {
  for (const field of CARD_FIELDS) render(field);
  input(problems[0]!.field).focus();
  const errors: CardFieldError[] = problems.map((p) => ({ field: p.field, type: p.type, message: problemMessage(lang, p.field, p.type) }));
  return { status: 'Invalid', errors };
}

/** Only the page that embeds this form, from the origin it was created for, is listened to. */
window.addEventListener('message', (event) => {
  if (event.origin !== parentOrigin || event.source !== window.parent || !isMessage(event.data, channel)) return;
  const message = event.data as ToFrame;
  if (message.type === 'setLanguage') {
    lang = sandboxLanguage(message.lang);
    renderTexts();
  } else if (message.type === 'tokenize') {
    if (busy) return post({ type: 'result', id: message.id, result: { status: 'Error', errors: [{ type: 'busy', message: sandboxText(lang, 'error.unavailable') }] } });
    void tokenize().then((result) => post({ type: 'result', id: message.id, result }));
  }
});

const height = () => Math.ceil(form.getBoundingClientRect().height);
new ResizeObserver(() => post({ type: 'resize', height: height() })).observe(form);

renderTexts();
post({ type: 'ready', height: height() });
