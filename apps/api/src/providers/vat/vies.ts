import { isEuMember } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import type { VatIdProvider } from './interface.ts';
import { jsvatCheck } from './jsvat.ts';

// The EU's VIES service (VAT_CHECK_PROVIDER=vies): whether a VAT id is registered in its member state. Its REST API:
// POST https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number {countryCode, vatNumber} → {valid, …}.
// Numbers jsvat already refuses are not sent; countries outside the EU (GB, NO, CH) are checked by jsvat alone.
// When VIES or the member state's service is down, the check is VAT_CHECK_UNAVAILABLE (503), never "valid".

export const VIES_URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number';

/** VIES answers with these when it cannot tell: try again later. */
const UNAVAILABLE = new Set([
  'SERVICE_UNAVAILABLE',
  'MS_UNAVAILABLE',
  'TIMEOUT',
  'GLOBAL_MAX_CONCURRENT_REQ',
  'MS_MAX_CONCURRENT_REQ',
  'SERVER_BUSY',
]);

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

export function viesRequest(
  prefix: string,
  number: string,
  requester?: { prefix: string; number: string },
): { url: string; init: RequestInit } {
  return {
    url: VIES_URL,
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      // With a requester, VIES answers a consultation number (requestIdentifier) that proves the check was made.
      body: JSON.stringify({
        countryCode: prefix,
        vatNumber: number,
        ...(requester ? { requesterMemberStateCode: requester.prefix, requesterNumber: requester.number } : {}),
      }),
    },
  };
}

interface ViesAnswer {
  valid?: boolean;
  isValid?: boolean;
  userError?: string;
  actionSucceed?: boolean;
  errorWrappers?: Array<{ error?: string }>;
  requestIdentifier?: string;
  requestDate?: string;
}

/** true / false for a definite answer; null when VIES could not tell. */
export function readViesAnswer(answer: ViesAnswer): boolean | null {
  const errors = [answer.userError, ...(answer.errorWrappers ?? []).map((e) => e.error)].filter(Boolean) as string[];
  if (answer.actionSucceed === false || errors.some((e) => UNAVAILABLE.has(e))) return null;
  const valid = answer.valid ?? answer.isValid;
  return typeof valid === 'boolean' ? valid : null;
}

export function viesProvider(
  options: { fetch?: Fetch; timeoutMs?: number; requesterVatId?: string | undefined } = {},
): VatIdProvider {
  const doFetch: Fetch = options.fetch ?? ((url, init) => fetch(url, init));
  const timeoutMs = options.timeoutMs ?? 8_000;
  const own = options.requesterVatId?.toUpperCase().replace(/[\s.\-/]/g, '');
  const requester = own ? { prefix: own.slice(0, 2), number: own.slice(2) } : undefined;
  return {
    name: 'vies',
    async check(vat, country) {
      const offline = jsvatCheck(vat, country);
      if (!offline.isValid || !isEuMember(offline.country)) return offline;
      const prefix = offline.vatNumber.slice(0, 2);
      const { url, init } = viesRequest(prefix, offline.vatNumber.slice(2), requester);
      let answer: boolean | null = null;
      let body: ViesAnswer = {};
      try {
        const res = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
        // 400 answers carry errorWrappers (INVALID_INPUT: a malformed number, a definite "no").
        body = (await res.json().catch(() => ({}))) as ViesAnswer;
        if (body.errorWrappers?.some((e) => e.error === 'INVALID_INPUT')) answer = false;
        else if (res.ok) answer = readViesAnswer(body);
      } catch {
        answer = null;
      }
      if (answer === null) throw new ApiError('VAT_CHECK_UNAVAILABLE');
      const text = (v: unknown) => (typeof v === 'string' && v ? v.slice(0, 64) : null);
      return {
        ...offline,
        isValid: answer,
        source: 'vies',
        consultation: { requestIdentifier: text(body.requestIdentifier), requestDate: text(body.requestDate) },
      };
    },
  };
}
