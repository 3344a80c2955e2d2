import type { LedgerBalances, LedgerDealer, LedgerEntry, LedgerGroup, LedgerPage, LedgerQuery } from '@varg/contracts';
import {
  isUuid,
  type LedgerKind,
  ledgerPeriodValid,
  ledgerStatus,
  ledgerTotals,
  pageInfo,
  runningBalances,
  type UiLanguage,
  uiLanguageFrom,
} from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import { isApprovedDealer } from '../dealers/directory.ts';
import type { LedgerLinks } from './links.ts';
import { ledgerPdf } from './pdf.ts';
import type { DealerLedgerRepo, LedgerDealerRow, LedgerRow } from './repo.ts';

export interface LedgerViewer {
  userId: string;
  roles: readonly string[];
}

export interface DealerLedgerDeps {
  repo: DealerLedgerRepo;
  links: LedgerLinks;
  now?: () => Date;
}

/** The day in UTC, `YYYY-MM-DD`: the due-date rule compares days. */
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

const storeName = (d: LedgerDealerRow) => {
  const info = (d.storeInfo ?? {}) as { name?: unknown };
  return typeof info.name === 'string' ? info.name : '';
};

function dealerView(d: LedgerDealerRow): LedgerDealer {
  return { _id: d.id, storeName: storeName(d), status: d.status, group: d.groupName, country: d.country, lang: d.lang };
}

/**
 * A dealer's ledger with the maker (spec sections 2 "/invoices" and 7 "dealer-ledger"; decision 024). Who reads what:
 * a dealer its own ledger; a lead dealer also those of the dealers of its group, read-only; an administrator any.
 * Another dealer's ledger is as unknown as a missing one (404); a caller without an approved dealer record and not an
 * administrator is a 403.
 */
export function dealerLedgerService(deps: DealerLedgerDeps) {
  const { repo, links } = deps;
  const now = deps.now ?? (() => new Date());

  /** The dealer a viewer may read, and whether it reads it as someone else (read-only). */
  async function readable(
    viewer: LedgerViewer,
    dealerId: string,
  ): Promise<{ dealer: LedgerDealerRow; readOnly: boolean }> {
    const isAdmin = viewer.roles.includes('admin');
    const own = await repo.dealerOfUser(viewer.userId);
    const active = isApprovedDealer(own) ? own : null;
    if (!isAdmin && !active) throw new ApiError('FORBIDDEN');
    if (active && active.id === dealerId) return { dealer: active, readOnly: false };
    const target = isUuid(dealerId) ? await repo.dealer(dealerId) : null;
    if (!target) throw new ApiError('DEALER_NOT_FOUND');
    if (isAdmin) return { dealer: target, readOnly: true };
    const leads =
      active &&
      viewer.roles.includes('lead_dealer') &&
      active.groupName !== '' &&
      target.groupName === active.groupName;
    if (!leads) throw new ApiError('DEALER_NOT_FOUND');
    return { dealer: target, readOnly: true };
  }

  function entryView(row: LedgerRow & { balanceAfter: number }, today: string): LedgerEntry {
    return {
      _id: row.id,
      number: row.number,
      dealerId: row.dealerId,
      kind: row.kind as LedgerKind,
      currency: row.currency,
      amount: row.amount,
      net: row.net,
      vat: row.vat,
      status: ledgerStatus({ kind: row.kind as LedgerKind, status: row.status, dueAt: row.dueAt }, today),
      issuedAt: row.issuedAt,
      dueAt: row.dueAt,
      description: row.description,
      lines: row.lines as LedgerEntry['lines'],
      orderReference: row.orderReference,
      balanceAfter: row.balanceAfter,
    };
  }

  /** Every entry of the dealer with its running balance, newest first. */
  async function ledger(dealerId: string): Promise<LedgerEntry[]> {
    const today = dayOf(now());
    const rows = await repo.entries(dealerId);
    const withBalances = runningBalances(rows.map((r) => ({ ...r, kind: r.kind as LedgerKind })));
    return withBalances.map((r) => entryView(r, today)).reverse();
  }

  function matches(e: LedgerEntry, q: Omit<LedgerQuery, 'page' | 'limit'>): boolean {
    return (
      (!q.from || e.issuedAt >= q.from) &&
      (!q.to || e.issuedAt <= q.to) &&
      (!q.status || e.status === q.status) &&
      (!q.kind || e.kind === q.kind)
    );
  }

  async function totals(dealerId: string) {
    const rows = await repo.entries(dealerId);
    return ledgerTotals(
      rows.map((r) => ({ ...r, kind: r.kind as LedgerKind })),
      dayOf(now()),
    );
  }

  /** An entry the viewer may read; any other is a 404 LEDGER_ENTRY_NOT_FOUND. */
  async function readableEntry(viewer: LedgerViewer, id: string) {
    const entry = isUuid(id) ? await repo.entry(id) : null;
    if (!entry) throw new ApiError('LEDGER_ENTRY_NOT_FOUND');
    try {
      return { entry, ...(await readable(viewer, entry.dealerId)) };
    } catch (error) {
      if (error instanceof ApiError && error.code === 'DEALER_NOT_FOUND') throw new ApiError('LEDGER_ENTRY_NOT_FOUND');
      throw error;
    }
  }

  async function pdfOf(entry: LedgerRow, dealer: LedgerDealerRow, compress?: boolean) {
    const lang: UiLanguage = uiLanguageFrom(dealer.lang) ?? 'en-us';
    const [view] = (await ledger(dealer.id)).filter((e) => e._id === entry.id);
    if (!view) throw new ApiError('LEDGER_ENTRY_NOT_FOUND');
    const pdf = await ledgerPdf({
      entry: view,
      dealer: {
        ...dealerView(dealer),
        invoicing: (dealer.invoicing ?? {}) as Record<string, unknown>,
        storeInfo: dealer.storeInfo,
      },
      lang,
      ...(compress === undefined ? {} : { compress }),
    });
    return { pdf, filename: `${entry.number}.pdf` };
  }

  return {
    async list(viewer: LedgerViewer, dealerId: string, q: LedgerQuery): Promise<LedgerPage> {
      if (!ledgerPeriodValid(q.from, q.to)) throw new ApiError('LEDGER_PERIOD_INVALID');
      const { dealer, readOnly } = await readable(viewer, dealerId);
      const filtered = (await ledger(dealer.id)).filter((e) => matches(e, q));
      const { hasPreviousPage: _, ...page } = pageInfo(q.page, q.limit, filtered.length);
      return {
        docs: filtered.slice((q.page - 1) * q.limit, q.page * q.limit),
        ...page,
        dealer: dealerView(dealer),
        readOnly,
      };
    },

    /** One entry of a dealer's ledger as its list shows it (status, running balance), or null. */
    async entry(viewer: LedgerViewer, dealerId: string, id: string): Promise<LedgerEntry | null> {
      const { dealer } = await readable(viewer, dealerId);
      return (await ledger(dealer.id)).find((e) => e._id === id) ?? null;
    },

    async balances(viewer: LedgerViewer, dealerId: string): Promise<LedgerBalances> {
      const { dealer } = await readable(viewer, dealerId);
      return { dealer: dealerView(dealer), asOf: dayOf(now()), balances: await totals(dealer.id) };
    },

    /** The lead dealer's group: every dealer of it (itself first), with the totals of each. */
    async group(viewer: LedgerViewer): Promise<LedgerGroup> {
      const own = await repo.dealerOfUser(viewer.userId);
      if (!viewer.roles.includes('lead_dealer') || !isApprovedDealer(own) || own.groupName === '') {
        throw new ApiError('FORBIDDEN');
      }
      const members = (await repo.group(own.groupName)).sort(
        (a, b) => Number(b.id === own.id) - Number(a.id === own.id) || storeName(a).localeCompare(storeName(b)),
      );
      return {
        group: own.groupName,
        asOf: dayOf(now()),
        dealers: await Promise.all(members.map(async (d) => ({ ...dealerView(d), balances: await totals(d.id) }))),
      };
    },

    async link(viewer: LedgerViewer, id: string) {
      const { entry } = await readableEntry(viewer, id);
      const { token, expiresAt } = links.sign(entry.id);
      return {
        downloadURL: `/v1/dealer-ledger/invoice/download/${entry.id}?token=${encodeURIComponent(token)}`,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** The entry's PDF, for a viewer that may read it or for a valid signed token. */
    async download(
      id: string,
      access: { viewer: LedgerViewer | null; token?: string | undefined },
      compress?: boolean,
    ) {
      if (access.token !== undefined) {
        if (!isUuid(id) || !links.verify(id, access.token)) throw new ApiError('INVALID_TOKEN');
        const entry = await repo.entry(id);
        const dealer = entry ? await repo.dealer(entry.dealerId) : null;
        if (!entry || !dealer) throw new ApiError('LEDGER_ENTRY_NOT_FOUND');
        return pdfOf(entry, dealer, compress);
      }
      if (!access.viewer) throw new ApiError('UNAUTHORIZED');
      const { entry, dealer } = await readableEntry(access.viewer, id);
      return pdfOf(entry, dealer, compress);
    },
  };
}
export type DealerLedgerService = ReturnType<typeof dealerLedgerService>;
