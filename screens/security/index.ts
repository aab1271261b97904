/** What other areas compose of number security: the "is it you?" form (the new SIM card page asks it too). */
export { ReauthForm, type ReauthFormProps } from './ReauthPanel';
