import { normalizeIban } from '@varg/domain';

// Who sells and where buyers pay. The company data is demo data (docs/decisions/014-orders-and-invoices.md): the
// name is the real maker's, the address and VAT id stand in until the legal entity's own are configured.

export const SELLER = {
  name: 'Stark Future S.L.',
  addressLines: ['C/ de Pere IV 29', '08018 Barcelona', 'Spain'],
  vatId: 'ESB66000000',
  email: 'orders@starkfuture.com',
} as const;

export interface BankAccount {
  beneficiary: string;
  iban: string;
  bic: string;
  /** The demo account of a sandbox installation: pages, e-mails and invoices say so, and no money should be sent. */
  sandbox: boolean;
}

/** The sandbox account used when BANK_TRANSFER_IBAN is not set: a well-formed example IBAN, not a real account. */
export const SANDBOX_BANK_ACCOUNT: BankAccount = {
  beneficiary: SELLER.name,
  iban: 'ES9121000418450200051332',
  bic: 'CAIXESBBXXX',
  sandbox: true,
};

export function bankAccount(configured?: { iban: string; bic: string } | undefined): BankAccount {
  if (!configured) return SANDBOX_BANK_ACCOUNT;
  return { beneficiary: SELLER.name, iban: normalizeIban(configured.iban), bic: configured.bic, sandbox: false };
}
