/**
 * The parts every list of the staff console shows the same way (the review queue, the inbox, campaigns, referral gifts,
 * student orders): the title with its refresh button, the waiting/decided tabs, and the body: the console's error, the
 * loading line, the empty line, or the table with its header row.
 */
import type { ReactNode } from 'react';
import { Notice, secondaryButton } from '../ui/fields';
import { useText, type Text } from '../ui/text';

export function StaffListHeader({ title, intro, refresh, onRefresh }: { title: string; intro?: string; refresh: string; onRefresh: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {intro && <p className="text-sm text-slate-700">{intro}</p>}
      </div>
      <button type="button" className={secondaryButton} onClick={onRefresh}>{refresh}</button>
    </div>
  );
}

/** Tabs of one list (waiting or decided): each a tab button, the one shown selected. */
export function StaffTabs<K extends string>({ label, tabs, value, onChange, name }: {
  label: string; tabs: readonly K[]; value: K; onChange: (tab: K) => void; name: (tab: K) => string;
}) {
  return (
    <div role="tablist" aria-label={label} className="flex gap-2">
      {tabs.map((k) => (
        <button key={k} type="button" role="tab" aria-selected={value === k} onClick={() => onChange(k)}
          className={`rounded-full px-4 py-2 text-sm font-semibold ${value === k ? 'bg-blue-700 text-white' : 'bg-white text-slate-900 ring-1 ring-slate-300'}`}>
          {name(k)}
        </button>
      ))}
    </div>
  );
}

/**
 * The list's body. `items` null: still loading (or failed: the problem is shown). `empty` null: an empty answer shows
 * nothing here (the inbox past its last page, where the pager says so). `rows` renders the table's rows.
 */
export function StaffListBody<T>({ problem, items, loading, empty, columns, testId, rows }: {
  problem: Text | null; items: readonly T[] | null; loading: string; empty: string | null; columns: readonly ReactNode[];
  testId?: string; rows: (items: readonly T[]) => ReactNode;
}) {
  const text = useText();
  return (
    <>
      {problem && <Notice tone="error">{text(problem)}</Notice>}
      {items === null && !problem && <p className="text-slate-700" aria-busy="true">{loading}</p>}
      {items?.length === 0 && empty !== null && <p className="rounded-2xl bg-white p-6 text-slate-700 ring-1 ring-slate-200">{empty}</p>}
      {items && items.length > 0 && (
        <div className="overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200">
          <table className="w-full text-left text-sm" data-testid={testId}>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {columns.map((column, i) => <th key={i} scope="col" className="px-4 py-2">{column}</th>)}
              </tr>
            </thead>
            <tbody>{rows(items)}</tbody>
          </table>
        </div>
      )}
    </>
  );
}
