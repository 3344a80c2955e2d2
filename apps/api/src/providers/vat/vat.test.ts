import { describe, expect, it } from 'vitest';
import { normalizeVatNumber } from './interface.ts';
import { jsvatCheck } from './jsvat.ts';
import { readViesAnswer, VIES_URL, viesProvider, viesRequest } from './vies.ts';

describe('VAT numbers as buyers type them', () => {
  it('splits off the prefix and the punctuation', () => {
    expect(normalizeVatNumber('fr 403.032.650-45', 'FR')).toEqual({
      prefix: 'FR',
      number: '40303265045',
      vatNumber: 'FR40303265045',
      prefixMismatch: false,
    });
    expect(normalizeVatNumber('094259216', 'GR').vatNumber).toBe('EL094259216');
    expect(normalizeVatNumber('CHE-116.281.710', 'CH').vatNumber).toBe('CHE116281710');
    expect(normalizeVatNumber('E116281710', 'CH').prefixMismatch).toBe(false);
    expect(normalizeVatNumber('FR40303265045', 'DE')).toMatchObject({
      prefixMismatch: true,
      vatNumber: 'FR40303265045',
    });
  });

  it('checks format and check digits with jsvat, for the right country only', () => {
    expect(jsvatCheck('DE136695976', 'DE')).toEqual({
      isValid: true,
      vatNumber: 'DE136695976',
      country: 'DE',
      source: 'format',
    });
    expect(jsvatCheck('DE136695977', 'DE').isValid).toBe(false);
    expect(jsvatCheck('FR40303265045', 'DE').isValid).toBe(false);
    expect(jsvatCheck('<script>', 'DE').isValid).toBe(false);
    expect(jsvatCheck('123456789', 'US').isValid).toBe(false);
  });
});

describe('VIES adapter (request building and answers; the service itself is not called here)', () => {
  it('sends the seller as the requester when configured, and keeps the consultation number VIES answers', async () => {
    const { init } = viesRequest('FR', '40303265045', { prefix: 'DE', number: '136695976' });
    expect(JSON.parse(String(init.body))).toEqual({
      countryCode: 'FR',
      vatNumber: '40303265045',
      requesterMemberStateCode: 'DE',
      requesterNumber: '136695976',
    });
    const vies = viesProvider({
      requesterVatId: 'DE 136 695 976',
      fetch: async (_url, sent) => {
        expect(JSON.parse(String(sent.body))).toMatchObject({ requesterNumber: '136695976' });
        return Response.json({ valid: true, requestIdentifier: 'WAPIAAAAZ1aB2cD3', requestDate: '2026-11-25+01:00' });
      },
    });
    expect((await vies.check('FR40303265045', 'FR')).consultation).toEqual({
      requestIdentifier: 'WAPIAAAAZ1aB2cD3',
      requestDate: '2026-11-25+01:00',
    });
  });

  it('builds the REST request with the VAT prefix and the bare number', () => {
    const { url, init } = viesRequest('EL', '094259216');
    expect(url).toBe('https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ 'content-type': 'application/json' });
    expect(JSON.parse(String(init.body))).toEqual({ countryCode: 'EL', vatNumber: '094259216' });
  });

  it('reads definite answers, and "cannot tell" as null', () => {
    expect(readViesAnswer({ valid: true })).toBe(true);
    expect(readViesAnswer({ isValid: false, userError: 'INVALID' })).toBe(false);
    expect(readViesAnswer({ valid: false, userError: 'MS_UNAVAILABLE' })).toBeNull();
    expect(readViesAnswer({ actionSucceed: false, errorWrappers: [{ error: 'SERVICE_UNAVAILABLE' }] })).toBeNull();
    expect(readViesAnswer({})).toBeNull();
  });

  it('asks VIES only for EU numbers jsvat accepts, and says unavailable when VIES cannot tell', async () => {
    const asked: string[] = [];
    let answer: () => Response = () => Response.json({ valid: true });
    const vies = viesProvider({
      fetch: async (url, init) => {
        asked.push(`${url} ${init.body}`);
        return answer();
      },
    });
    expect(await vies.check('FR40303265045', 'FR')).toEqual({
      isValid: true,
      vatNumber: 'FR40303265045',
      country: 'FR',
      source: 'vies',
      consultation: { requestIdentifier: null, requestDate: null },
    });
    expect(asked).toEqual([`${VIES_URL} {"countryCode":"FR","vatNumber":"40303265045"}`]);
    answer = () => Response.json({ valid: false });
    expect((await vies.check('FR40303265045', 'FR')).isValid).toBe(false);
    // jsvat refuses it already; outside the EU jsvat decides alone.
    expect((await vies.check('FR40303265046', 'FR')).isValid).toBe(false);
    expect((await vies.check('GB980780684', 'GB')).isValid).toBe(true);
    expect(asked).toHaveLength(2);
    answer = () =>
      Response.json({ actionSucceed: false, errorWrappers: [{ error: 'MS_UNAVAILABLE' }] }, { status: 500 });
    await expect(vies.check('FR40303265045', 'FR')).rejects.toMatchObject({ code: 'VAT_CHECK_UNAVAILABLE' });
    answer = () => {
      throw new TypeError('fetch failed');
    };
    await expect(vies.check('FR40303265045', 'FR')).rejects.toMatchObject({ statusCode: 503 });
    answer = () => Response.json({ errorWrappers: [{ error: 'INVALID_INPUT' }] }, { status: 400 });
    expect((await vies.check('FR40303265045', 'FR')).isValid).toBe(false);
  });
});
