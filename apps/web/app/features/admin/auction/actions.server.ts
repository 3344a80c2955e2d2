import { isApiRequestError } from '../../../lib/api.ts';

/** An API refusal as the page's message (the API's translated text); anything else (5xx, a bug) is thrown on. */
export function refusal(error: unknown): { error: string; status: number } {
  if (!isApiRequestError(error) || error.status >= 500) throw error;
  return { error: error.message, status: error.status };
}
