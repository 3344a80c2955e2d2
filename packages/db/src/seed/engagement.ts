import type { Db } from '../client.ts';
import { dealers, jobPositions, users } from '../schema/index.ts';
import { store } from './people.ts';

type Tx = Pick<Db, 'insert'>;

/** Open positions on /team; their titles and texts are catalog keys (decision 022). */
export const JOB_POSITIONS = [
  { id: 'embedded-software-engineer', location: 'Barcelona', sort: 1 },
  { id: 'dealer-network-manager-benelux', location: 'Amsterdam', sort: 2 },
  { id: 'service-technician', location: 'Barcelona', sort: 3 },
].map((p) => ({
  ...p,
  titleKey: `job_${p.id.replace(/-/g, '_')}_title`,
  textKey: `job_${p.id.replace(/-/g, '_')}_text`,
}));

/** Approved dealers for the store finder in the Netherlands and the US (the other markets' stores are in PEOPLE). */
export const STORE_DEALERS = [
  {
    email: 'amsterdam@demo.starkfuture.com',
    name: 'Sanne',
    secondName: 'de Vries',
    lang: 'nl',
    country: 'NL',
    currency: 'EUR',
    storeInfo: store(
      'E-Moto Amsterdam',
      'Weesperstraat 61, 1018 VN Amsterdam, Netherlands',
      4.9077,
      52.3641,
      '+31201234567',
      'service@emoto-amsterdam.example',
    ),
  },
  {
    email: 'utrecht@demo.starkfuture.com',
    name: 'Bram',
    secondName: 'Jansen',
    lang: 'nl',
    country: 'NL',
    currency: 'EUR',
    storeInfo: store(
      'Elektrisch Offroad Utrecht',
      'Europalaan 93, 3526 KP Utrecht, Netherlands',
      5.1063,
      52.0711,
      '+31302345678',
      'werkplaats@eo-utrecht.example',
    ),
  },
  {
    email: 'rotterdam@demo.starkfuture.com',
    name: 'Daan',
    secondName: 'Bakker',
    lang: 'nl',
    country: 'NL',
    currency: 'EUR',
    storeInfo: store(
      'Moto Stroom Rotterdam',
      'Kralingseweg 224, 3062 CG Rotterdam, Netherlands',
      4.5233,
      51.9177,
      '+31103456789',
      'info@motostroom.example',
    ),
  },
  {
    email: 'sandiego@demo.starkfuture.com',
    name: 'Maya',
    secondName: 'Lopez',
    lang: 'en-us',
    country: 'US',
    currency: 'USD',
    storeInfo: store(
      'Pacific Electric Moto',
      '3960 Morena Blvd, San Diego, CA 92117, USA',
      -117.2112,
      32.8141,
      '+16195550188',
      'service@pacificmoto.example',
    ),
  },
] as const;

export async function seedJobPositions(tx: Tx) {
  await tx.insert(jobPositions).values(JOB_POSITIONS).onConflictDoNothing();
}

/** The finder's extra stores: dealer accounts (demo password) with an approved dealer record. */
export async function seedStoreDealers(tx: Tx, passwordHash: string) {
  for (const d of STORE_DEALERS) {
    const [user] = await tx
      .insert(users)
      .values({
        email: d.email,
        passwordHash,
        name: d.name,
        secondName: d.secondName,
        roles: ['dealer'],
        lang: d.lang,
        country: d.country,
        phone: d.storeInfo.phone,
        emailConfirmedAt: new Date('2026-01-01T00:00:00Z'),
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) continue;
    await tx
      .insert(dealers)
      .values({
        userId: user.id,
        status: 1,
        groupName: d.storeInfo.name,
        revenueCurrency: d.currency,
        storeInfo: d.storeInfo,
      })
      .onConflictDoNothing();
  }
}
