// Demo accounts, one per role (DATA.md, "People"), and dealers with real-looking stores for the store finder.
// Passwords are for local use only and printed in the README.
export const DEMO_PASSWORD = 'varg-demo-2026';

export interface PersonSeed {
  email: string;
  name: string;
  secondName: string;
  roles: string[];
  lang: string;
  country: string;
  phone: string;
  whitelistedPresales?: boolean;
  dealer?: {
    status: number;
    groupName: string;
    revenueCurrency: string;
    storeInfo: Record<string, unknown>;
    /** An application waiting for review (decision 020). */
    application?: Record<string, unknown>;
    appliedAt?: Date;
  };
}

export const store = (
  name: string,
  formattedAddress: string,
  lng: number,
  lat: number,
  phone: string,
  supportEmail: string,
) => ({
  name,
  formattedAddress,
  phone,
  supportEmail,
  location: { type: 'Point', coordinates: [lng, lat] },
  openingHours: WEEKDAY_HOURS,
});

/** Opening hours of a store, Monday first: [opens, closes] local time, or null when closed (decision 022). */
export const WEEKDAY_HOURS: ReadonlyArray<readonly [string, string] | null> = [
  ['09:00', '18:00'],
  ['09:00', '18:00'],
  ['09:00', '18:00'],
  ['09:00', '18:00'],
  ['09:00', '18:00'],
  ['10:00', '14:00'],
  null,
];

export const PEOPLE: readonly PersonSeed[] = [
  {
    email: 'customer@demo.starkfuture.com',
    name: 'Laura',
    secondName: 'Fischer',
    roles: ['customer'],
    lang: 'de',
    country: 'DE',
    phone: '+4915123456789',
  },
  {
    email: 'company@demo.starkfuture.com',
    name: 'Julien',
    secondName: 'Moreau',
    roles: ['customer'],
    lang: 'fr',
    country: 'FR',
    phone: '+33612345678',
  },
  {
    // A rider whose VARG MX the Barcelona dealer looks after (seed/dealer-orders.ts).
    email: 'rider-es@demo.starkfuture.com',
    name: 'Lucía',
    secondName: 'Martín',
    roles: ['customer'],
    lang: 'es',
    country: 'ES',
    phone: '+34611222333',
  },
  {
    email: 'dealer@demo.starkfuture.com',
    name: 'Marc',
    secondName: 'Puig',
    roles: ['dealer'],
    lang: 'es',
    country: 'ES',
    phone: '+34612345678',
    dealer: {
      status: 1,
      groupName: 'Iberia',
      revenueCurrency: 'EUR',
      storeInfo: store(
        'Moto Electric Barcelona',
        'Carrer de Pallars 193, 08005 Barcelona, Spain',
        2.1966,
        41.4036,
        '+34932123456',
        'taller@motoelectric.example',
      ),
    },
  },
  {
    email: 'lead-dealer@demo.starkfuture.com',
    name: 'Sophie',
    secondName: 'Wagner',
    roles: ['dealer', 'lead_dealer'],
    lang: 'de',
    country: 'DE',
    phone: '+4989123456',
    dealer: {
      status: 1,
      groupName: 'DACH',
      revenueCurrency: 'EUR',
      storeInfo: store(
        'E-Offroad München',
        'Landsberger Str. 302, 80687 München, Germany',
        11.4931,
        48.1413,
        '+4989987654',
        'service@eoffroad.example',
      ),
    },
  },
  {
    email: 'admin@demo.starkfuture.com',
    name: 'Anna',
    secondName: 'Admin',
    roles: ['admin'],
    lang: 'en-us',
    country: 'US',
    phone: '+12025550123',
  },
  {
    email: 'translator@demo.starkfuture.com',
    name: 'Tomás',
    secondName: 'Ruiz',
    roles: ['translator'],
    lang: 'de',
    country: 'DE',
    phone: '+4930555123',
  },
  {
    email: 'mco@demo.starkfuture.com',
    name: 'Mia',
    secondName: 'Registrar',
    roles: ['mco'],
    lang: 'en-us',
    country: 'US',
    phone: '+15125550199',
  },
  {
    // Reads and answers whistleblowing reports (decision 023); nobody else can.
    email: 'compliance@demo.starkfuture.com',
    name: 'Ines',
    secondName: 'Keller',
    roles: ['compliance'],
    lang: 'en-us',
    country: 'US',
    phone: '+12025550187',
  },
  {
    email: 'lyon@demo.starkfuture.com',
    name: 'Camille',
    secondName: 'Bernard',
    roles: ['dealer'],
    lang: 'fr',
    country: 'FR',
    phone: '+33478123456',
    dealer: {
      status: 1,
      groupName: 'France',
      revenueCurrency: 'EUR',
      storeInfo: store(
        'Lyon Moto Électrique',
        '12 Rue de Gerland, 69007 Lyon, France',
        4.8357,
        45.7306,
        '+33478123456',
        'atelier@lyonmoto.example',
      ),
    },
  },
  {
    email: 'austin@demo.starkfuture.com',
    name: 'Jake',
    secondName: 'Miller',
    roles: ['dealer'],
    lang: 'en-us',
    country: 'US',
    phone: '+15125550142',
    dealer: {
      status: 1,
      groupName: 'North America',
      revenueCurrency: 'USD',
      storeInfo: store(
        'Hill Country Electric Moto',
        '4501 S Congress Ave, Austin, TX 78745, USA',
        -97.7806,
        30.2195,
        '+15125550142',
        'service@hcem.example',
      ),
    },
  },
  {
    email: 'pending-dealer@demo.starkfuture.com',
    name: 'Lars',
    secondName: 'Nilsen',
    roles: ['customer'],
    lang: 'no',
    country: 'NO',
    phone: '+4791234567',
    dealer: {
      status: 0,
      groupName: 'Nordics',
      revenueCurrency: 'NOK',
      storeInfo: store(
        'Fjord Elmoto',
        'Drammensveien 130, 0277 Oslo, Norway',
        10.6896,
        59.9166,
        '+4722123456',
        'post@fjordelmoto.example',
      ),
      application: {
        companyName: 'Fjord Elmoto AS',
        vatId: 'NO974760673MVA',
        country: 'NO',
        storeName: 'Fjord Elmoto',
        line1: 'Drammensveien 130',
        line2: '',
        postalCode: '0277',
        city: 'Oslo',
        phone: '+4722123456',
        expectedYearlyVolume: 40,
        message: 'Vi selger elektriske motorsykler i Oslo-området siden 2019.',
      },
      appliedAt: new Date('2026-11-10T08:00:00Z'),
    },
  },
  // A second store of the DACH group, so its lead dealer has a member to look after (decision 024).
  {
    email: 'vienna@demo.starkfuture.com',
    name: 'Lukas',
    secondName: 'Huber',
    roles: ['dealer'],
    lang: 'de',
    country: 'AT',
    phone: '+4319876543',
    dealer: {
      status: 1,
      groupName: 'DACH',
      revenueCurrency: 'EUR',
      storeInfo: store(
        'Elektro Enduro Wien',
        'Brünner Str. 57, 1210 Wien, Austria',
        16.4053,
        48.2719,
        '+4319876543',
        'werkstatt@elektroenduro.example',
      ),
    },
  },
];
