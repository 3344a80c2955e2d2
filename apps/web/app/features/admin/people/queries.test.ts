import { describe, expect, it } from 'vitest';
import { listParams } from '../list-params.ts';
import { ACCOUNT_FILTERS, accountQuery, DEALER_FILTERS, dealerQuery } from './queries.ts';

const params = (query: string, filters: readonly string[]) => listParams(new URL(`http://x/admin?${query}`), filters);

describe("the people lists' queries (decision 044)", () => {
  it('passes the known filters and sort on, and leaves out what the API would refuse', () => {
    expect(
      accountQuery(params('q=ada&country=de&confirmed=yes&disabled=no&sort=email&dir=asc', ACCOUNT_FILTERS)),
    ).toEqual({
      q: 'ada',
      country: 'de',
      confirmed: 'yes',
      disabled: 'no',
      sort: 'email',
      dir: 'asc',
      page: 1,
      pageSize: 50,
    });
    const odd = accountQuery(params('country=Germany&confirmed=maybe&sort=password', ACCOUNT_FILTERS));
    expect(odd).toMatchObject({ country: undefined, confirmed: undefined, sort: undefined });
    expect(dealerQuery(params('status=suspended&sort=storeName&group=DACH', DEALER_FILTERS))).toMatchObject({
      status: 'suspended',
      sort: 'storeName',
      group: 'DACH',
    });
    expect(dealerQuery(params('status=sleeping&sort=vat', DEALER_FILTERS))).toMatchObject({
      status: undefined,
      sort: undefined,
    });
  });
});
