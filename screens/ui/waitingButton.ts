/**
 * A button that waits (a resend countdown: aria-disabled, so it keeps focus) looks disabled. A module of its own, with
 * no text in it: the forms that use it (login, tracking, the student checkout) load no other form's namespaces for it.
 */
export const waitingButton = 'aria-disabled:cursor-not-allowed aria-disabled:text-slate-500';
