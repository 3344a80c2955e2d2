import type { Db } from '../client.ts';
import { leadNotes, leads } from '../schema/index.ts';

type Tx = Pick<Db, 'insert'>;

interface LeadSeed {
  n: number;
  source: 'WEB' | 'TEST_RIDE';
  status: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  model: string;
  lang: string;
  notes: string[];
}

/** A few leads of each demo dealer, with notes, so /leads has something to work with (decision 019). */
const LEADS: Record<string, { country: string; leads: LeadSeed[] }> = {
  'dealer@demo.starkfuture.com': {
    country: 'ES',
    leads: [
      {
        n: 1,
        source: 'TEST_RIDE',
        status: 'test_ride_booked',
        firstName: 'Lucía',
        lastName: 'Martínez',
        email: 'lucia.martinez@example.com',
        phone: '+34611223344',
        model: 'varg-ex',
        lang: 'es',
        notes: ['Prefiere el sábado por la mañana.'],
      },
      {
        n: 2,
        source: 'WEB',
        status: 'contacted',
        firstName: 'Jordi',
        lastName: 'Serra',
        email: 'jordi.serra@example.com',
        phone: '+34622334455',
        model: 'varg',
        lang: 'es',
        notes: ['Corre en el campeonato catalán de motocross.', 'Enviado presupuesto con suspensión 75-80.'],
      },
      {
        n: 3,
        source: 'WEB',
        status: 'new',
        firstName: 'Pablo',
        lastName: 'Ruiz',
        email: 'pablo.ruiz@example.com',
        phone: '+34633445566',
        model: 'varg-ex',
        lang: 'es',
        notes: [],
      },
    ],
  },
  'lyon@demo.starkfuture.com': {
    country: 'FR',
    leads: [
      {
        n: 1,
        source: 'WEB',
        status: 'won',
        firstName: 'Camille',
        lastName: 'Bernard',
        email: 'camille.bernard@example.com',
        phone: '+33611223344',
        model: 'varg-ex',
        lang: 'fr',
        notes: ['Commande passée en ligne.'],
      },
      {
        n: 2,
        source: 'TEST_RIDE',
        status: 'test_ride_done',
        firstName: 'Hugo',
        lastName: 'Petit',
        email: 'hugo.petit@example.com',
        phone: '+33622334455',
        model: 'varg',
        lang: 'fr',
        notes: [],
      },
    ],
  },
  'austin@demo.starkfuture.com': {
    country: 'US',
    leads: [
      {
        n: 1,
        source: 'WEB',
        status: 'new',
        firstName: 'Tyler',
        lastName: 'Brooks',
        email: 'tyler.brooks@example.com',
        phone: '+15125550101',
        model: 'varg',
        lang: 'en-us',
        notes: ['Asked about financing with ekho.'],
      },
    ],
  },
  'lead-dealer@demo.starkfuture.com': {
    country: 'DE',
    leads: [
      {
        n: 1,
        source: 'WEB',
        status: 'lost',
        firstName: 'Felix',
        lastName: 'Wagner',
        email: 'felix.wagner@example.com',
        phone: '+4915122334455',
        model: 'varg-sm',
        lang: 'de',
        notes: ['Hat sich für ein Verbrenner-Modell entschieden.'],
      },
    ],
  },
};

const id = (dealer: number, n: number) =>
  `1ead0000-0000-4000-8000-${String(dealer).padStart(6, '0')}${String(n).padStart(6, '0')}`;

export async function seedLeads(tx: Tx, dealerIds: ReadonlyMap<string, string>): Promise<void> {
  let dealerNumber = 0;
  for (const [email, { country, leads: list }] of Object.entries(LEADS)) {
    dealerNumber += 1;
    const dealerId = dealerIds.get(email);
    if (!dealerId) continue;
    for (const lead of list) {
      const leadId = id(dealerNumber, lead.n);
      const createdAt = new Date(Date.UTC(2026, 10, 1 + lead.n * 3, 9, 30));
      await tx
        .insert(leads)
        .values({
          id: leadId,
          dealerId,
          source: lead.source,
          status: lead.status,
          firstName: lead.firstName,
          lastName: lead.lastName,
          email: lead.email,
          phone: lead.phone,
          model: lead.model,
          lang: lead.lang,
          country,
          consentAt: lead.source === 'TEST_RIDE' ? createdAt : null,
          createdAt,
          updatedAt: createdAt,
        })
        .onConflictDoNothing();
      for (const [i, text] of lead.notes.entries()) {
        await tx
          .insert(leadNotes)
          .values({ leadId, text, createdAt: new Date(createdAt.getTime() + (i + 1) * 3_600_000) })
          .onConflictDoNothing();
      }
    }
  }
}
