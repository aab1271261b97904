/**
 * What the selection is: a state (its rule, kind, actions, calls, the transitions leaving it), a drawn edge (each
 * transition it stands for) or a transition (event, guard, actions, rule, targets); for each, what the last test run
 * did with it at each depth and the generated test that takes it. With nothing selected: the chart's rule, what is
 * declared unreachable or exempt, and every state as a button (the drawing's states for the keyboard).
 */
import type { AnyStateNode } from 'xstate';
import { useTranslation } from 'react-i18next';
import { allStates, statePath, type ChartTransition } from '../../machines/chart';
import type { ChartGraph } from '../../machines/graph';
import type { ChartEntry } from '../../machines/index';
import { isTechnical } from '../../machines/diagram';
import { stepTitle } from '../../machines/paths';
import { itemCoverage, type ItemStatus } from './coverage';
import { depthName } from './DepthChips';
import type { ChartCoverage } from '../../machines/coverageReport';
import type { CoverageAnswer } from '../../src/app/forScreens';
import type { Loadable } from './useStudio';

interface Props {
  entry: ChartEntry;
  graph: ChartGraph;
  selected: string | null;
  rows: ChartCoverage[];
  coverage: Loadable<CoverageAnswer>;
  transitionsById: Map<string, ChartTransition>;
  onSelect: (id: string) => void;
  onPath: (id: string) => void;
}

/** An action, guard or actor as the chart names it. */
const nameOf = (x: unknown): string => {
  if (typeof x === 'string') return x;
  if (x && typeof x === 'object' && 'type' in x && typeof (x as { type: unknown }).type === 'string') return (x as { type: string }).type;
  if (typeof x === 'function') return x.name && !x.name.startsWith('xstate.') ? x.name : 'inline';
  return 'inline';
};
const actionNames = (list: readonly unknown[] | undefined): string[] => (list ?? []).map(nameOf);

function Rule({ text }: { text: string | undefined }) {
  const { t } = useTranslation('studio');
  return text
    ? <blockquote className="mt-2 border-l-4 border-blue-300 bg-blue-50 px-3 py-2 text-sm text-slate-900" lang="en" data-testid="rule">{text}</blockquote>
    : <p className="mt-2 text-sm text-slate-600">{t('details.noRule')}</p>;
}

function Facts({ items }: { items: [string, string | string[]][] }) {
  const shown = items.filter(([, v]) => (Array.isArray(v) ? v.length : v));
  if (!shown.length) return null;
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {shown.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-slate-600">{k}</dt>
          <dd className="font-mono text-xs leading-5 text-slate-900" lang="en">{Array.isArray(v) ? v.join(', ') : v}</dd>
        </div>
      ))}
    </dl>
  );
}

function CoverageList({ statuses, coverage, test }: { statuses: ItemStatus[]; coverage: Loadable<CoverageAnswer>; test?: string }) {
  const { t } = useTranslation('studio');
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold text-slate-900">{t('details.tests')}</h3>
      {test && <p className="mt-1 text-xs text-slate-700">{t('details.generatedTest')} <code className="rounded bg-slate-100 px-1" lang="en">{test}</code></p>}
      {coverage.state === 'ready' && !statuses.length && <p className="mt-1 text-sm text-slate-600">{t('details.noRun')}</p>}
      <ul className="mt-2 space-y-1 text-sm" data-testid="item-coverage">
        {statuses.map((s) => (
          <li key={s.depth} className="flex gap-2">
            <span className={`mt-0.5 inline-block h-2.5 w-2.5 shrink-0 rounded-full ${s.status === 'taken' ? 'bg-emerald-600' : s.status === 'missing' ? 'bg-red-600' : s.status === 'notWalked' ? 'bg-slate-400' : 'bg-amber-500'}`} aria-hidden="true" />
            <span>
              <strong className="font-medium">{depthName(t, s.depth)}</strong>: {t(`status.${s.status}`, s.status === 'exempt' ? { depth: depthName(t, s.takenAt) } : {})}
              {(s.status === 'exempt' || s.status === 'unreachable') && <span className="block text-xs text-slate-700" lang="en">{s.reason}</span>}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function TransitionDetails({ tr, entry, rows, coverage, onSelect, onPath }: { tr: ChartTransition } & Pick<Props, 'entry' | 'rows' | 'coverage' | 'onSelect' | 'onPath'>) {
  const { t } = useTranslation('studio');
  const unreachable = entry.unreachable?.find((u) => u.transition === tr.id);
  const to = tr.targets.length ? tr.targets : [];
  return (
    <article data-testid="transition-details" data-transition={tr.id}>
      <h2 className="font-mono text-base font-semibold text-slate-900" lang="en">{tr.label}</h2>
      <p className="mt-1 text-sm text-slate-700">
        <button type="button" className="text-blue-800 underline" onClick={() => onSelect(tr.source.id)} lang="en">{statePath(tr.source)}</button>
        {' → '}
        {to.length ? to.map((n, i) => (
          <span key={n.id}>{i > 0 && ', '}<button type="button" className="text-blue-800 underline" onClick={() => onSelect(n.id)} lang="en">{statePath(n)}</button></span>
        )) : t('details.stays')}
      </p>
      <Rule text={tr.description} />
      <Facts items={[
        [t('details.id'), tr.id],
        [t('details.kind'), t(`transitionKind.${tr.kind}`)],
        [t('details.guard'), tr.guard ?? ''],
        [t('details.actions'), actionNames(tr.definition.actions as readonly unknown[])],
      ]} />
      {unreachable && <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{t('details.unreachable')} <span lang="en">{unreachable.reason}</span></p>}
      <CoverageList statuses={itemCoverage(rows, tr.id, 'transitions')} coverage={coverage} test={`${statePath(tr.source)} › ${stepTitle({ transition: tr })}`} />
      {!unreachable && <button type="button" className="mt-4 rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800" onClick={() => onPath(tr.id)}>{t('details.showPath')}</button>}
    </article>
  );
}

function StateDetails({ node, entry, rows, coverage, transitionsById, onSelect, onPath }: { node: AnyStateNode } & Pick<Props, 'entry' | 'rows' | 'coverage' | 'transitionsById' | 'onSelect' | 'onPath'>) {
  const { t } = useTranslation('studio');
  const leaving = [...transitionsById.values()].filter((tr) => tr.source === node);
  const children = Object.values(node.states) as AnyStateNode[];
  return (
    <article data-testid="state-details" data-state={node.id}>
      <h2 className="text-base font-semibold text-slate-900"><span className="font-mono" lang="en">{node.key}</span></h2>
      <p className="mt-1 text-xs text-slate-700">
        {t(`stateType.${node.type}`)} · {isTechnical(node) ? t('details.technical') : t('details.business')}
        {node.parent && node.parent !== entry.machine.root && (
          <> · {t('details.in')} <button type="button" className="text-blue-800 underline" onClick={() => onSelect(node.parent!.id)} lang="en">{node.parent.key}</button></>
        )}
      </p>
      <Rule text={node.description} />
      <Facts items={[
        [t('details.id'), node.id],
        [t('details.entry'), actionNames(node.entry as readonly unknown[])],
        [t('details.exit'), actionNames(node.exit as readonly unknown[])],
        [t('details.invokes'), node.invoke.map((i) => (typeof i.src === 'string' ? i.src : i.id))],
        [t('details.tags'), [...node.tags]],
      ]} />
      {children.length > 0 && (
        <div className="mt-3">
          <h3 className="text-sm font-semibold text-slate-900">{t('details.children')}</h3>
          <ul className="mt-1 flex flex-wrap gap-1.5">
            {children.map((c) => <li key={c.id}><button type="button" className="rounded bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-900 hover:bg-slate-200" onClick={() => onSelect(c.id)} lang="en">{c.key}</button></li>)}
          </ul>
        </div>
      )}
      {leaving.length > 0 && (
        <div className="mt-3">
          <h3 className="text-sm font-semibold text-slate-900">{t('details.leaving')}</h3>
          <ul className="mt-1 space-y-1">
            {leaving.map((tr) => (
              <li key={tr.id}>
                <button type="button" className="text-left font-mono text-xs text-blue-800 underline" onClick={() => onSelect(tr.id)} lang="en">
                  {tr.label} → {tr.targets.map((n) => n.key).join(', ') || t('details.stays')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <CoverageList statuses={itemCoverage(rows, node.id, 'states')} coverage={coverage} />
      <button type="button" className="mt-4 rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800" onClick={() => onPath(node.id)}>{t('details.showPath')}</button>
    </article>
  );
}

export function DetailsPanel(props: Props) {
  const { t } = useTranslation('studio');
  const { entry, graph, selected, transitionsById, onSelect } = props;
  const states = allStates(entry.machine);
  const node = selected ? states.find((n) => n.id === selected) : undefined;
  const tr = selected ? transitionsById.get(selected) : undefined;
  const edge = selected ? graph.edges.find((e) => e.id === selected) : undefined;

  if (node) return <StateDetails node={node} {...props} />;
  if (tr) return <TransitionDetails tr={tr} {...props} />;
  if (edge) {
    return (
      <article data-testid="edge-details">
        <h2 className="text-base font-semibold text-slate-900">{t('details.edge', { count: edge.transitions.length })}</h2>
        <ul className="mt-2 space-y-3">
          {edge.transitions.map((id) => {
            const one = transitionsById.get(id)!;
            return (
              <li key={id} className="rounded-md bg-slate-50 p-2">
                <button type="button" className="font-mono text-sm text-blue-800 underline" onClick={() => onSelect(id)} lang="en">{one.label}</button>
                <p className="mt-1 text-xs text-slate-800" lang="en">{one.description ?? t('details.noRule')}</p>
              </li>
            );
          })}
        </ul>
      </article>
    );
  }
  return (
    <article data-testid="chart-details">
      <h2 className="text-base font-semibold text-slate-900">{t('details.chart')}</h2>
      <Rule text={entry.machine.root.description} />
      <p className="mt-3 text-sm text-slate-700">{t('details.pick')}</p>
      {graph.global.length > 0 && (
        <div className="mt-3">
          <h3 className="text-sm font-semibold text-slate-900">{t('details.anywhere')}</h3>
          <ul className="mt-1 space-y-1">{graph.global.map((g) => <li key={g.id}><button type="button" className="font-mono text-xs text-blue-800 underline" onClick={() => onSelect(g.id)} lang="en">{g.label}</button></li>)}</ul>
        </div>
      )}
      {(entry.unreachable?.length ?? 0) > 0 && (
        <div className="mt-3">
          <h3 className="text-sm font-semibold text-slate-900">{t('details.unreachableList')}</h3>
          <ul className="mt-1 space-y-2 text-xs">{entry.unreachable!.map((u) => <li key={u.transition}><button type="button" className="font-mono text-blue-800 underline" onClick={() => onSelect(u.transition)} lang="en">{u.transition}</button><p className="text-slate-700" lang="en">{u.reason}</p></li>)}</ul>
        </div>
      )}
      {(entry.exemptions?.length ?? 0) > 0 && (
        <div className="mt-3">
          <h3 className="text-sm font-semibold text-slate-900">{t('details.exemptions')}</h3>
          <ul className="mt-1 space-y-2 text-xs">{entry.exemptions!.map((e) => (
            <li key={`${e.transitions?.source}-${e.states?.source}`}>
              <span className="text-slate-900">{t('details.exemptAt', { depth: depthName(t, e.depth), takenAt: depthName(t, e.takenAt) })}</span>
              <code className="block break-all text-slate-700" lang="en">{[e.transitions?.source, e.states?.source].filter(Boolean).join(' · ')}</code>
              <p className="text-slate-700" lang="en">{e.reason}</p>
            </li>
          ))}</ul>
        </div>
      )}
      <div className="mt-3">
        <h3 className="text-sm font-semibold text-slate-900">{t('details.states')}</h3>
        <ul className="mt-1 flex flex-wrap gap-1.5" data-testid="state-list">
          {states.map((n) => (
            <li key={n.id}>
              <button type="button" onClick={() => onSelect(n.id)} lang="en"
                className={`rounded px-2 py-0.5 font-mono text-xs hover:bg-slate-200 ${isTechnical(n) ? 'bg-slate-50 text-slate-700 italic' : 'bg-slate-100 text-slate-900'}`}>
                {statePath(n)}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}
