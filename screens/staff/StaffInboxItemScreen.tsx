/**
 * /staff/inbox/:box/:id (issue 18): one contact message or dealer application in full (the view is logged), the
 * language to answer in, and "Mark handled" (the enquiry chart: open to closed, who and when kept), with its log.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { formatPacificDateTime } from '../../i18n';
import { AppLink, inboxApi, StaffApiError } from '../../src/app/forScreens';
import type { InboxBox, InboxDetail } from '../../src/contract/enquiries';
import { formatPhone } from '../../src/domain/phone';
import { Notice, primaryButton } from '../ui/fields';
import { problemText, useText, type Text } from '../ui/text';
import { StaffFrame, useStaff } from './StaffFrame';

/** Values stored as codes, shown in words; anything else as typed. */
const CODED: Record<string, string> = { topic: 'contact.topics', howHeard: 'agent.howHeardOptions', country: 'agent.countries' };

export default function StaffInboxItemScreen() {
  const { t, i18n } = useTranslation('staff');
  const { t: company } = useTranslation('company');
  const text = useText();
  const me = useStaff();
  const params = useParams();
  const box: InboxBox = params.box === 'dealer' ? 'dealer' : 'contact';
  const id = Number(params.id);
  const [item, setItem] = useState<InboxDetail | null>(null);
  const [problem, setProblem] = useState<Text | null>(null);
  const [busy, setBusy] = useState(false);
  const [tick, setTick] = useState(0);
  const fail = (e: unknown) => setProblem(e instanceof StaffApiError ? problemText(e) : { key: 'errors:code.serverError' });
  useEffect(() => {
    if (!me) return undefined;
    let live = true;
    inboxApi.item(box, id).then((a) => { if (live) { setItem(a); setProblem(null); } }, (e: unknown) => { if (live) fail(e); });
    return () => { live = false; };
  }, [me, box, id, tick]);
  const close = () => {
    setBusy(true);
    inboxApi.close(box, id).then(() => setTick((n) => n + 1), fail).finally(() => setBusy(false));
  };
  const { t: usStates } = useTranslation('usStates');
  // A US store's state by its name; a province in China as typed.
  const value = (field: string, raw: string) => (CODED[field] ? company(`${CODED[field]}.${raw}`)
    : field === 'state' && item?.facts.some((f) => f.field === 'country' && f.value === 'US') ? usStates(raw) : raw);
  const lang = item ? t(`inbox.langs.${item.lang}`) : '';
  return (
    <StaffFrame me={me}>
      <div className="space-y-4" data-testid="inbox-item" data-state={item?.state ?? ''}>
        <AppLink to={`/staff/inbox?box=${box}`} className="text-sm font-semibold text-blue-800 underline">{t('inbox.back')}</AppLink>
        {problem && <Notice tone="error">{text(problem)}</Notice>}
        {item && (
          <>
            <h1 className="text-2xl font-bold text-slate-900"><span className="text-slate-600">{t(`inbox.boxes.${box}`)}</span> · <span translate="no">{item.reference}</span></h1>
            <section className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
              <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[12rem_1fr]">
                <dt className="text-slate-600">{t('inbox.from')}</dt><dd translate="no">{item.from}</dd>
                <dt className="text-slate-600">{t('inbox.email')}</dt><dd translate="no"><a className="text-blue-800 underline" href={`mailto:${item.email}`}>{item.email}</a></dd>
                {item.phone && (<><dt className="text-slate-600">{t('inbox.phone')}</dt><dd translate="no">{formatPhone(item.phone)}</dd></>)}
                <dt className="text-slate-600">{t('inbox.lang')}</dt><dd>{lang}</dd>
                <dt className="text-slate-600">{t('inbox.received')}</dt><dd>{formatPacificDateTime(item.receivedAt, i18n.language)}</dd>
                {item.facts.map((f) => (<div key={f.field} className="contents"><dt className="text-slate-600">{t(`inbox.fields.${f.field}`)}</dt><dd>{value(f.field, f.value)}</dd></div>))}
              </dl>
              {item.text.map((f) => (
                <div key={f.field} className="mt-5">
                  <h2 className="text-sm font-semibold text-slate-700">{t(`inbox.fields.${f.field}`)}</h2>
                  <p className="mt-1 whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-slate-900" data-testid={`inbox-text-${f.field}`}>{f.value}</p>
                </div>
              ))}
            </section>
            <section className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
              {item.state === 'open' ? (
                <div className="space-y-3">
                  <p className="text-sm text-slate-700">{t('inbox.replyHint', { lang })}</p>
                  <button type="button" className={`${primaryButton} sm:w-auto`} disabled={busy} aria-busy={busy} onClick={close}>{busy ? t('inbox.closing') : t('inbox.close')}</button>
                </div>
              ) : (
                <p role="status" className="font-semibold text-emerald-900" data-testid="inbox-closed">{t('inbox.closedBy', { staff: item.closedBy ?? '', at: item.closedAt ? formatPacificDateTime(item.closedAt, i18n.language) : '' })}</p>
              )}
              <h2 className="mt-5 text-sm font-semibold text-slate-700">{t('inbox.log')}</h2>
              <ul className="mt-2 space-y-1 text-sm text-slate-700">
                {item.log.map((l, i) => <li key={i}>{formatPacificDateTime(l.at, i18n.language)} · <span translate="no">{l.staff}</span> · {t(`inbox.actions.${l.action.replace('.', '_')}`)}</li>)}
              </ul>
            </section>
          </>
        )}
      </div>
    </StaffFrame>
  );
}
