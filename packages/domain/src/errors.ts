// Spec section 8, error page: the message comes from a JSON `message` field, else the raw message, else the
// status text, else the translated 'not found'.
export interface ErrorLike {
  status?: number;
  statusText?: string;
  message?: string;
  data?: unknown;
}

export const DEFAULT_ERROR_PAGE_STATUS = 404;
export const DEFAULT_ERROR_STATUS = 500;

export function errorPageMessage(error: ErrorLike, notFoundText: string): string {
  const raw = typeof error.data === 'string' ? error.data : error.message;
  if (raw) {
    try {
      const parsed = JSON.parse(raw) as { message?: unknown };
      if (parsed && typeof parsed.message === 'string' && parsed.message) return parsed.message;
    } catch {
      // not JSON: the raw message is the message
    }
    return raw;
  }
  if (
    error.data &&
    typeof error.data === 'object' &&
    typeof (error.data as { message?: unknown }).message === 'string'
  ) {
    return (error.data as { message: string }).message;
  }
  return error.statusText || notFoundText;
}
