/**
 * Live: for a lifecycle chart, one real entity of the gateway (an order, a SIM, a port-in, a line's plan...) by its
 * id: its current state lit on the drawing and its state_history as a timeline; the entities that moved last are one
 * click away. For a flow chart, the flows of this chart running in other tabs of this browser, which tell the studio
 * their state (src/app/flows/studioBeacon.ts); the newest is lit.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartEntry } from '../../machines/index';
import { stateText, type Highlight } from './shared';
import { when } from './StudioFrame';
import { fetchHistory, fetchRecent, STUDIO_CHANNEL, type FlowBeacon, type HistoryAnswer, type RecentAnswer, type StudioError } from '../../src/app/forScreens';

interface Props { entry: ChartEntry; onHighlight: (h: Highlight) => void }

/** The state ids a stored state name stands for: `activated.physical` is `simLifecycle.activated` and `simLifecycle.activated.physical`. */
const idsOf = (entry: ChartEntry, stored: string): string[] => {
  const parts = stored.split('.');
  return parts.map((_p, i) => `${entry.machine.id}.${parts.slice(0, i + 1).join('.')}`);
};

/** Where a person starts each flow that tells the studio its state. */
const FLOW_PAGES: Record<string, string> = {
  checkout: '/plans', activation: '/activation/first', topUp: '/personal/pay/changeAccount', tracking: '/tracking', login: '/login',
  bundleChange: '/personal/businessManegement/bundleChange', flowPacket: '/personal/businessManegement/flowPacket',
  roamPack: '/personal/businessManegement/roamPack', globalRenewal: '/global/renewalpackage', profile: '/personal/myinfo',
  bankCards: '/mybank', wifiCalling: '/personal/wificall', autoRenewalPage: '/personal/autosubscription/subscription',
};

function EntityLive({ entry, onHighlight }: Props) {
  const { t, i18n } = useTranslation('studio');
  const [ref, setRef] = useState('');
  const [answer, setAnswer] = useState<HistoryAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [recent, setRecent] = useState<RecentAnswer | null>(null);

  useEffect(() => {
    let live = true;
    fetchRecent(entry.id).then((r) => { if (live) setRecent(r); }, () => undefined);
    return () => { live = false; };
  }, [entry, answer]);

  useEffect(() => {
    onHighlight(answer ? { current: idsOf(entry, answer.current), states: answer.history.flatMap((h) => [...idsOf(entry, h.from), ...idsOf(entry, h.to)]) } : {});
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer, entry]);

  const lookUp = async (id: string) => {
    setBusy(true);
    setProblem(null);
    try {
      setAnswer(await fetchHistory(entry.id, id));
    } catch (error) {
      setAnswer(null);
      const e = error as StudioError;
      setProblem(e.code === 'noRecord' ? t('live.noHistory', { ref: id.trim() }) : e.code === 'http' ? t('live.failed') : e.message || t('live.failed'));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ref.trim()) { setProblem(t('live.enterId')); return; }
    void lookUp(ref);
  };

  return (
    <div data-testid="live-entity">
      <form onSubmit={submit} noValidate>
        <label htmlFor="studio-entity" className="block text-sm font-medium text-slate-900">{t(`live.idOf.${entry.id}`, { defaultValue: t('live.id') })}</label>
        <div className="mt-1 flex gap-2">
          <input id="studio-entity" value={ref} onChange={(e) => setRef(e.target.value)} maxLength={64} autoComplete="off" spellCheck={false}
            aria-invalid={problem ? true : undefined} aria-describedby={problem ? 'studio-entity-problem' : undefined}
            className="min-w-0 flex-1 rounded-md border border-slate-400 px-2 py-1.5 font-mono text-sm" />
          <button type="submit" disabled={busy} className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800 disabled:opacity-60">{t('live.lookUp')}</button>
        </div>
        {problem && <p id="studio-entity-problem" className="mt-1 text-sm text-red-800" role="alert">{problem}</p>}
      </form>
      {recent && recent.entities.length > 0 && (
        <div className="mt-3">
          <h3 className="text-xs font-semibold text-slate-800">{t('live.recent')}</h3>
          <ul className="mt-1 flex flex-wrap gap-1.5">
            {recent.entities.map((e) => (
              <li key={e.ref}>
                <button type="button" onClick={() => { setRef(e.ref); void lookUp(e.ref); }} className="rounded bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-900 hover:bg-slate-200" lang="en">
                  {e.ref} · {e.current}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {answer && (
        <div className="mt-4" data-testid="live-history">
          <p className="text-sm text-slate-800" role="status">{t('live.current', { ref: answer.ref })} <code className="font-semibold text-blue-900" lang="en">{answer.current}</code></p>
          <ol className="mt-2 border-l-2 border-slate-300 pl-3">
            {answer.history.map((h, i) => (
              <li key={i} className="relative mb-3 text-sm">
                <span className="absolute top-1.5 -left-[1.1rem] h-2.5 w-2.5 rounded-full bg-blue-700" aria-hidden="true" />
                <p className="text-xs text-slate-600"><time dateTime={h.at}>{when(h.at, i18n.language)}</time></p>
                <p lang="en"><code>{h.from}</code> → <code className="font-semibold">{h.to}</code></p>
                <p className="text-xs text-slate-700" lang="en">{t('live.event')} <code>{h.event}</code></p>
                {Object.keys(h.meta).length > 0 && <code className="block break-all text-xs text-slate-600" lang="en">{JSON.stringify(h.meta)}</code>}
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}

function FlowLive({ entry, onHighlight }: Props) {
  const { t, i18n } = useTranslation('studio');
  const [flows, setFlows] = useState<FlowBeacon[]>([]);
  useEffect(() => {
    if (typeof BroadcastChannel !== 'function') return undefined;
    const channel = new BroadcastChannel(STUDIO_CHANNEL);
    channel.onmessage = (message: MessageEvent<FlowBeacon>) => {
      const beacon = message.data;
      if (beacon?.type !== 'flow' || beacon.machine !== entry.machine.id) return;
      setFlows((list) => {
        const others = list.filter((f) => !(f.tab === beacon.tab && f.actor === beacon.actor));
        return beacon.status === 'active' ? [beacon, ...others] : others;
      });
    };
    channel.postMessage({ type: 'hello' });
    return () => channel.close();
  }, [entry]);
  const newest = flows[0];
  useEffect(() => {
    if (!newest) { onHighlight({}); return; }
    // The state's value names its active leaves; their ids and their ancestors' are what is lit.
    const ids: string[] = [];
    const walk = (value: unknown, prefix: string) => {
      if (typeof value === 'string') { ids.push(`${prefix}.${value}`); return; }
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) { ids.push(`${prefix}.${k}`); walk(v, `${prefix}.${k}`); }
    };
    walk(newest.value, entry.machine.id);
    onHighlight({ current: ids });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [newest, entry]);
  const page = FLOW_PAGES[entry.id];
  return (
    <div data-testid="live-flows">
      <p className="text-sm text-slate-800">{t('live.flowIntro')}</p>
      {page && <p className="mt-1 text-sm"><a href={page} target="_blank" rel="noopener" className="text-blue-800 underline">{t('live.openFlow', { page })}</a></p>}
      {flows.length === 0 && <p className="mt-3 text-sm text-slate-700" role="status">{t('live.noFlows')}</p>}
      <ul className="mt-3 space-y-2" aria-live="polite">
        {flows.map((f) => (
          <li key={`${f.tab}-${f.actor}`} className="rounded-md bg-slate-50 p-2 text-sm" data-testid="live-flow">
            <code className="font-semibold text-blue-900" lang="en">{stateText(f.value)}</code>
            <p className="text-xs text-slate-700">{t('live.flowWhere', { path: f.path, tab: f.tab })} · <time dateTime={new Date(f.at).toISOString()}>{when(new Date(f.at).toISOString(), i18n.language)}</time></p>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function LivePanel(props: Props) {
  return props.entry.kind === 'lifecycle' ? <EntityLive {...props} /> : <FlowLive {...props} />;
}

