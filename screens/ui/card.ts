/** A white card of the account pages (screens/personal/parts.tsx's `card`), in a module of its own: no words, no namespaces. */
export const cardClass = 'rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200';
