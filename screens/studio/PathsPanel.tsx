/**
 * The generated path to a state or a transition (machines/paths.ts, computed in a worker): numbered steps, each with
 * the event sent, the payload that chose the branch, the state reached and the rule of each transition taken, lit on
 * the drawing with the step numbers. The same path `npm run paths -- <chart> --to <id>` prints and the model tests run.
 */
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { allStates, statePath, type ChartTransition } from '../../machines/chart';
import type { ChartEntry } from '../../machines/index';
import { Payload, stateText, type Highlight } from './shared';
import type { WorkerPath } from './pathsWorker';
import { usePaths } from './useStudio';

interface Props {
  entry: ChartEntry;
  target: string | null;
  transitionsById: Map<string, ChartTransition>;
  onTarget: (id: string) => void;
  onHighlight: (h: Highlight) => void;
}



type Found =
  | { kind: 'path'; path: WorkerPath; steps: number; start: string[] }
  | { kind: 'initial' }
  | { kind: 'unreachable'; reason: string }
  | { kind: 'none' };

function find(paths: WorkerPath[], entry: ChartEntry, target: string, transitionsById: Map<string, ChartTransition>): Found {
  if (transitionsById.has(target)) {
    const unreachable = entry.unreachable?.find((u) => u.transition === target);
    if (unreachable) return { kind: 'unreachable', reason: unreachable.reason };
    const path = paths.find((p) => p.covers.id === target);
    return path ? { kind: 'path', path, steps: path.steps.length, start: path.start } : { kind: 'none' };
  }
  if (paths[0]?.start.includes(target)) return { kind: 'initial' };
  let best: { path: WorkerPath; steps: number } | null = null;
  for (const path of paths) {
    const at = path.after.findIndex((ids) => ids.includes(target));
    if (at >= 0 && (!best || at + 1 < best.steps)) best = { path, steps: at + 1 };
  }
  return best ? { kind: 'path', ...best, start: best.path.start } : { kind: 'none' };
}

export function PathsPanel({ entry, target, transitionsById, onTarget, onHighlight }: Props) {
  const { t } = useTranslation('studio');
  const paths = usePaths(entry.id, true);
  const states = useMemo(() => allStates(entry.machine), [entry]);
  const found = paths.state === 'ready' && target ? find(paths.value, entry, target, transitionsById) : null;

  useEffect(() => {
    if (found?.kind !== 'path') { onHighlight({}); return; }
    const steps = found.path.steps.slice(0, found.steps);
    const transitions = new Map<string, number[]>();
    steps.forEach((s, i) => { for (const id of s.took) transitions.set(id, [...(transitions.get(id) ?? []), i + 1]); });
    onHighlight({ states: [...found.start, ...found.path.after.slice(0, found.steps).flat()], transitions });
    // The highlight follows the path found, which follows the target and the paths.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [found?.kind === 'path' ? `${found.path.covers.id}:${found.steps}` : found?.kind]);

  return (
    <div data-testid="paths-panel">
      <label className="block text-sm font-medium text-slate-900" htmlFor="studio-path-target">{t('paths.to')}</label>
      <select id="studio-path-target" value={target ?? ''} onChange={(e) => onTarget(e.target.value)} className="mt-1 w-full rounded-md border border-slate-400 bg-white px-2 py-1.5 font-mono text-xs" lang="en">
        <option value="" disabled>{t('paths.choose')}</option>
        <optgroup label={t('paths.states')}>
          {states.map((n) => <option key={n.id} value={n.id}>{statePath(n)}</option>)}
        </optgroup>
        <optgroup label={t('paths.transitions')}>
          {[...transitionsById.values()].filter((tr) => tr.source !== entry.machine.root).map((tr) => <option key={tr.id} value={tr.id}>{statePath(tr.source)}: {tr.label}</option>)}
        </optgroup>
      </select>
      {paths.state === 'loading' && <p className="mt-3 text-sm text-slate-700" role="status">{t('paths.computing')}</p>}
      {paths.state === 'failed' && <p className="mt-3 text-sm text-red-800" role="alert">{t('paths.failed')}</p>}
      {paths.state === 'ready' && !target && <p className="mt-3 text-sm text-slate-700">{t('paths.intro', { count: paths.value.length })}</p>}
      {found?.kind === 'initial' && <p className="mt-3 text-sm text-slate-800" role="status">{t('paths.initial')}</p>}
      {found?.kind === 'unreachable' && <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">{t('details.unreachable')} <span lang="en">{found.reason}</span></p>}
      {found?.kind === 'none' && <p className="mt-3 text-sm text-red-800" role="status">{t('paths.none')}</p>}
      {found?.kind === 'path' && (
        <div className="mt-3">
          <p className="text-sm text-slate-800" role="status">{t('paths.found', { count: found.steps })}</p>
          <p className="mt-1 text-xs text-slate-700">{t('paths.start')} <code lang="en">{stateText(found.path.startValue)}</code></p>
          <ol className="mt-2 space-y-2" data-testid="path-steps">
            {found.path.steps.slice(0, found.steps).map((step, i) => (
              <li key={i} className="flex gap-2 rounded-md bg-slate-50 p-2 text-sm">
                <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-blue-700 text-xs font-bold text-white">{i + 1}</span>
                <div className="min-w-0">
                  <code className="font-semibold text-slate-900" lang="en">{step.event}</code>
                  {Object.keys(step.payload).length > 0 && <Payload text={JSON.stringify(step.payload)} />}
                  <p className="mt-0.5 text-xs text-slate-800">→ <code lang="en">{stateText(step.state)}</code></p>
                  {step.took.map((id) => {
                    const tr = transitionsById.get(id);
                    return tr?.description ? <p key={id} className="mt-1 border-l-2 border-blue-300 pl-2 text-xs text-slate-700" lang="en">{tr.description}</p> : null;
                  })}
                </div>
              </li>
            ))}
          </ol>
          {found.steps === found.path.steps.length && (
            <p className="mt-3 text-xs text-slate-700">{t('details.generatedTest')} <code className="rounded bg-slate-100 px-1" lang="en">{found.path.test.describe} › {found.path.test.it}</code></p>
          )}
          <p className="mt-2 text-xs text-slate-700">{t('paths.cli')} <code className="rounded bg-slate-100 px-1" lang="en">{t('paths.cliCommand', { chart: entry.id, to: target })}</code></p>
        </div>
      )}
    </div>
  );
}
