/**
 * Joining bank card points (decision 0043): one of the customer's saved cards (or one added here through the provider's
 * card form, the bankCards chart /mybank uses) and an email, prefilled from the account. Checked with the contract's
 * schema before it is sent; a refusal is told next to its field with what to do next, and nothing typed is lost.
 */
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bankCardsFlow, inspectFlow, welfareApi } from '../../src/app/forScreens';
import type { WelfareData } from '../../src/contract/welfare';
import { AddCardForm, brandKey, connectBankCards } from '../profile';
import { Notice, TextInput, primaryButton, secondaryButton } from '../ui/fields';
import { FORM_ERROR_ID, useFocusFirstError } from '../ui/useFocusFirstError';
import { useText, type ProblemLike, type Text } from '../ui/text';
import { draftErrors, firstChoice, refusalOf, type FieldErrors, type JoinDraft } from './welfare.connect';

export function WelfareJoin({ data, onJoined, reload }: { data: WelfareData; onJoined: (d: WelfareData) => void; reload: () => void }) {
  const { t } = useTranslation('welfare');
  const { t: tp } = useTranslation('portalProfile');
  const text = useText();
  const [snapshot, send] = useMachine(bankCardsFlow, { inspect: inspectFlow });
  const bank = connectBankCards(snapshot, send);
  const [draft, setDraft] = useState<JoinDraft>({ cardId: firstChoice(data.cards), email: data.accountEmail ?? '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<Text | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const key = useRef<{ body: string; key: string } | null>(null);
  useFocusFirstError(attempt, (['cardId', 'email'] as const).filter((f) => errors[f]?.length));

  // A card added with the card form: the page reads its cards again and chooses the new one.
  const savedCount = snapshot.context.cards?.cards.length;
  useEffect(() => { if (savedCount !== undefined && savedCount !== data.cards.length) reload(); }, [savedCount]); // eslint-disable-line react-hooks/exhaustive-deps
  // "Your card has been saved" is news until the customer acts on it: a join sent afterwards replaces it with its answer.
  const [savedNews, setSavedNews] = useState(false);
  useEffect(() => { setSavedNews(bank.notice === 'added'); }, [bank.notice, savedCount]);
  const known = useRef(new Set(data.cards.map((c) => c.id)));
  useEffect(() => {
    const added = data.cards.find((c) => !known.current.has(c.id) && c.joinable);
    known.current = new Set(data.cards.map((c) => c.id));
    if (added) setDraft((d) => ({ ...d, cardId: added.id }));
    else if (draft.cardId === null) setDraft((d) => ({ ...d, cardId: firstChoice(data.cards) }));
  }, [data.cards]); // eslint-disable-line react-hooks/exhaustive-deps

  const change = (patch: Partial<JoinDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(patch).map((f) => [f, []])) }));
  };
  const submit = async () => {
    const found = draftErrors(draft);
    setErrors(found);
    setNotice(null);
    setSavedNews(false);
    setAttempt((n) => n + 1);
    if (Object.keys(found).length > 0) return;
    const body = { cardId: draft.cardId!, email: draft.email };
    // The same card and email sent again (a retry) keep their key: the gateway answers the first join.
    const sig = JSON.stringify(body);
    if (key.current?.body !== sig) key.current = { body: sig, key: crypto.randomUUID() };
    setBusy(true);
    try {
      onJoined(await welfareApi.join(body, key.current.key));
    } catch (e) {
      const refusal = refusalOf(e as ProblemLike & { data?: unknown });
      setErrors(refusal.fields);
      setNotice(refusal.notice);
      setAttempt((n) => n + 1);
      if (refusal.reload) reload();
    } finally {
      setBusy(false);
    }
  };
  const cardErrors = errors.cardId ?? [];
  return (
    <section aria-labelledby="welfare-join" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200" data-testid="welfare-join">
      <h2 id="welfare-join" className="text-xl font-semibold text-slate-900">{t('join.title')}</h2>
      <form noValidate className="mt-4 space-y-5" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        {notice && <Notice tone="error" id={FORM_ERROR_ID}>{text(notice)}</Notice>}
        <fieldset aria-describedby={cardErrors.length ? 'welfare-card-error' : undefined}>
          <legend className="text-sm font-medium text-slate-800">{t('join.cardLegend')}</legend>
          {data.cards.length === 0 && <p className="mt-2 text-sm text-slate-700">{t('join.noCards')}</p>}
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {data.cards.map((c, i) => {
              const checked = draft.cardId === c.id;
              return (
                <label key={c.id} className={`flex flex-col rounded-xl border px-3 py-2 text-sm focus-within:ring-2 focus-within:ring-blue-600 ${!c.joinable ? 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-600' : checked ? 'cursor-pointer border-blue-700 bg-blue-50 text-blue-900' : 'cursor-pointer border-slate-300 bg-white text-slate-800 hover:border-slate-400'}`}>
                  <span className="flex items-center gap-2">
                    <input type="radio" name="cardId" data-field={i === 0 ? 'cardId' : undefined} value={c.id} checked={checked} disabled={!c.joinable}
                      onChange={() => change({ cardId: c.id })} aria-invalid={cardErrors.length > 0} className="h-4 w-4 accent-blue-700" />
                    <span className="font-semibold">{t('join.card', { brand: tp(brandKey(c.brand)), last4: c.last4 })}</span>
                    {c.isDefault && <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">{t('join.default')}</span>}
                  </span>
                  <span className="mt-0.5 pl-6 text-xs">{c.joinable ? t('join.expires', { month: String(c.expMonth).padStart(2, '0'), year: String(c.expYear).slice(-2) }) : t('join.notJoinable')}</span>
                </label>
              );
            })}
          </div>
          {cardErrors.length > 0 && (
            <div id="welfare-card-error" role="alert" className="mt-2 text-sm text-rose-700">
              <ul className="space-y-0.5">{cardErrors.map((m, i) => <li key={i}>{text(m)}</li>)}</ul>
            </div>
          )}
          {!bank.adding && (
            <button type="button" className={`mt-3 ${secondaryButton}`} onClick={bank.add} disabled={bank.loading || bank.busy}>{t('join.addCard')}</button>
          )}
        </fieldset>
        <TextInput field="email" type="email" label={t('join.email')} value={draft.email} autoComplete="email" inputMode="email" lang="en" maxLength={254}
          hint={t('join.emailHint')} onChange={(email) => change({ email })} errors={errors.email ?? []} />
        <button type="submit" className={`${primaryButton} sm:w-auto`} disabled={busy || bank.adding} aria-busy={busy}>{t(busy ? 'join.joining' : 'join.submit')}</button>
      </form>
      {bank.adding && <div className="mt-5" data-testid="welfare-add-card"><AddCardForm view={bank} /></div>}
      {savedNews && !bank.adding && <div className="mt-4"><Notice tone="success">{tp('bankCards.added')}</Notice></div>}
    </section>
  );
}
