/** The look of a header menu's trigger, shared by the plain first-load button (Menus.tsx) and Radix's (MenuPopup.tsx). */
export const triggerClass =
  'flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-blue-800 data-[state=open]:text-blue-800';

export function Chevron() {
  return <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true"><path d="M2 4l4 4 4-4" stroke="currentColor" strokeWidth="1.5" fill="none" /></svg>;
}
