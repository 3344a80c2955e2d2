// Where the sandbox keeps its objects (intents, setup intents, saved cards): the database in the app, a Map in tests.
import type { PaymentMethod, PaymentStatus } from '@varg/domain';
import type { BankTransferInstructions, SavedCard } from './interface.ts';

export interface SandboxIntent {
  id: string;
  amount: number;
  currency: string;
  method: PaymentMethod;
  country: string;
  customer: string | null;
  status: PaymentStatus;
  failureCode: string | null;
  metadata: Record<string, string>;
  instructions: BankTransferInstructions | null;
  /** What happens when the buyer's step ends or the money is due: settle or fail, and why. */
  outcome: { status: 'SUCCEEDED' | 'FAILED'; failureCode: string | null } | null;
  refunded: number;
  /** Refunds by idempotency key: a retried refund answers the first. */
  refunds?: Record<string, string>;
}

export interface SandboxCard extends SavedCard {
  customer: string;
  /** The test number's behaviour (decline, 3-D Secure) follows the card when it is reused. */
  number: string;
}

/** Where the sandbox keeps its objects (the database in the app; a Map in unit tests). */
export interface SandboxStore {
  get<T>(id: string): Promise<T | null>;
  put(id: string, kind: 'intent' | 'setup' | 'card', customer: string | null, data: unknown): Promise<void>;
  remove(id: string): Promise<void>;
  list<T>(kind: 'card', customer: string): Promise<T[]>;
}

export function memorySandboxStore(): SandboxStore {
  const rows = new Map<string, { kind: string; customer: string | null; data: unknown }>();
  return {
    async get<T>(id: string) {
      return (structuredClone(rows.get(id)?.data) as T) ?? null;
    },
    async put(id, kind, customer, data) {
      rows.set(id, { kind, customer, data: structuredClone(data) });
    },
    async remove(id) {
      rows.delete(id);
    },
    async list<T>(kind: string, customer: string) {
      return [...rows.values()].filter((r) => r.kind === kind && r.customer === customer).map((r) => r.data as T);
    },
  };
}
