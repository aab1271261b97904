/**
 * The browser's session (decision 0013): the gateway sets the token in the cookie the spec names (HttpOnly, so no
 * script reads it) and, beside it, a cookie scripts may read that says only that a session is open (its value is a
 * key of that session for the client's caches, not a credential). Other clients send `Authorization: Bearer`.
 * Plain constants, no schema: the client's first load reads them without zod (decision 0023); auth.ts re-exports them.
 */
export const SESSION_COOKIE = 'Admin-Token';
export const SESSION_HINT_COOKIE = 'Logged-In';
/**
 * The spec's CHANNEL header, which the web client sends on every call: a change authenticated by the session cookie
 * must carry it (a page of another site cannot add a header to a request it makes the browser send).
 */
export const CHANNEL_HEADER = 'CHANNEL';
export const CHANNEL = 'eshop';
