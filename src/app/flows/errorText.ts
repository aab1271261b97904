import { toApiError } from '../../api/client';
import { errorMessageKey, httpMessageKey } from '../../contract/errors';

/** The gateway's message when it gave one, else the catalogue's words for the code or HTTP status. */
export const errorText = (error: unknown, t: (key: string) => string): string => {
  const e = toApiError(error);
  if (e.message) return e.message;
  return e.code === 'http' ? t(`errors:${httpMessageKey(e.status || 500)}`) : t(`errors:${errorMessageKey(e.code)}`);
};
