import { describe, expect, it } from 'vitest';
import { read } from './voice-fixture.ts';

// The glossary's second half (docs/i18n/<lang>.md): remaining payment, order edit, whistleblower, case code, axe and
// bid, each named with the guide's one term on every key that names it. voice-glossary.test.ts checks the first half.

/** Keys whose text names the concept (en-US in the comment). */
const KEYS = {
  // "Remaining payment", "Remaining payments", "Deposits and remaining payments per day" (the payment kind; "pay the
  // balance" in a sentence may name the amount instead)
  remaining: ['payment_kind_remaining', 'admin_dash_remaining', 'admin_dash_chart_payments'],
  // "Order edit", "Credit from order edits…", "The dealer's next cart and order edits…"
  orderEdit: ['admin_wallet_reason_order_edit', 'wallet_intro', 'admin_dealer_terms_note'],
  // "Reporter", "Answer to the reporter", "The reporter added a message…"
  whistleblower: ['whistle_from_reporter', 'compliance_reply', 'whistle_email_message_text'],
  // "Case code", "Copy case code", "Write down the case code…", "Enter the case code…"
  caseCode: ['whistle_code', 'whistle_copy_code', 'whistle_sent_text', 'whistle_follow_intro'],
  axe: [
    'auction_axe',
    'auction_title',
    'nav_xmas_auction',
    'error_axe_not_found',
    'auction_winner_email_subject',
    'auction_find',
    'admin_auction_axes',
    'admin_audit_entity_axe',
    'audit_action_axe_closed',
    'auction_intro',
  ],
  bid: [
    'auction_highest_bid',
    'auction_no_bids',
    'auction_minimum_bid',
    'auction_your_bid',
    'auction_confirm',
    'admin_auction_bids',
    'error_bid_too_low',
    'error_bid_amount_invalid',
    'admin_dash_chart_bids',
  ],
} as const;
type Concept = keyof typeof KEYS;

/** The term of each concept as the language's guide gives it (a pattern, so inflected forms match). */
const TERMS: Record<string, Record<Concept, RegExp>> = {
  'en-us': {
    remaining: /remaining payment|balance/i,
    orderEdit: /order edit/i,
    whistleblower: /reporter/i,
    caseCode: /case code/i,
    axe: /\baxes?\b/i,
    bid: /\bbid/i,
  },
  cs: {
    remaining: /doplat/iu,
    orderEdit: /úprav\p{L}* objednáv/iu,
    whistleblower: /oznamovatel/iu,
    caseCode: /kód\p{L}* případ/iu,
    axe: /seker/iu,
    bid: /příhoz/iu,
  },
  da: {
    remaining: /restbetaling/iu,
    orderEdit: /ordreændring/iu,
    whistleblower: /indberetter/iu,
    caseCode: /sagskode/iu,
    axe: /økse/iu,
    bid: /bud/iu,
  },
  de: {
    remaining: /restzahlung/iu,
    orderEdit: /bestelländerung/iu,
    whistleblower: /hinweisgebend/iu,
    caseCode: /fallcode/iu,
    axe: /(?<!\p{L})(?:axt|äxte)/iu,
    bid: /gebot/iu,
  },
  el: {
    remaining: /εξ[οό]φλ\p{L}* υπολοίπ/iu,
    orderEdit: /τροποπο[ιί]\p{L}* παραγγελ/iu,
    whistleblower: /καταγγέλλ/iu,
    caseCode: /κωδικ\p{L}* υπόθεσ/iu,
    axe: /τσεκο[υύ]ρ/iu,
    bid: /προσφορ/iu,
  },
  es: {
    remaining: /pago\p{L}* restante/iu,
    orderEdit: /modificaci\p{L}* del? pedido/iu,
    whistleblower: /denunciante/iu,
    caseCode: /código del caso/iu,
    axe: /hacha/iu,
    bid: /puja/iu,
  },
  et: {
    remaining: /jääkmaks/iu,
    orderEdit: /tellimus\p{L}* muu[td]/iu,
    whistleblower: /teataja/iu,
    caseCode: /juhtumi kood/iu,
    axe: /kirve|kirves/iu,
    bid: /pakkumi/iu,
  },
  fi: {
    remaining: /loppumaks/iu,
    orderEdit: /tilau\p{L}* ?muut/iu,
    whistleblower: /ilmoittaj/iu,
    caseCode: /tapaustunnu/iu,
    axe: /kirve|kirves/iu,
    bid: /tarjou|tarjous/iu,
  },
  fr: {
    remaining: /(?<!\p{L})solde/iu,
    orderEdit: /modification\p{L}* de commande/iu,
    whistleblower: /lanceu\p{L}* d.alerte/iu,
    caseCode: /code du dossier/iu,
    axe: /hache/iu,
    bid: /offre/iu,
  },
  hr: {
    remaining: /osta[tc]\p{L}* plaćanj/iu,
    orderEdit: /izmjen\p{L}* narudžb/iu,
    whistleblower: /prijavitelj/iu,
    caseCode: /k[oô]d\p{L}* predmeta/iu,
    axe: /sjekir/iu,
    bid: /ponud/iu,
  },
  hu: {
    remaining: /hátralék/iu,
    orderEdit: /rendelésmódosítás/iu,
    whistleblower: /bejelentő/iu,
    caseCode: /ügyazonosító/iu,
    axe: /fejsz/iu,
    bid: /licit/iu,
  },
  it: {
    remaining: /(?<!\p{L})sald/iu,
    orderEdit: /modific\p{L}* (?:dell.|agli )ordin/iu,
    whistleblower: /segnalante/iu,
    caseCode: /codice della pratica/iu,
    axe: /(?<!\p{L})asc[ei]/iu,
    bid: /offert/iu,
  },
  lv: {
    remaining: /atlikuš\p{L}* maksājum/iu,
    orderEdit: /pasūtījum\p{L}* izmaiņ/iu,
    whistleblower: /trauksmes cēlēj/iu,
    caseCode: /lietas kod/iu,
    axe: /cirv/iu,
    bid: /solījum/iu,
  },
  nl: {
    remaining: /restbetaling/iu,
    orderEdit: /orderwijziging/iu,
    whistleblower: /melder/iu,
    caseCode: /zaakcode/iu,
    axe: /bijl/iu,
    bid: /bod|bieding/iu,
  },
  no: {
    remaining: /restbetaling/iu,
    orderEdit: /ordreendring/iu,
    whistleblower: /varsler/iu,
    caseCode: /sakskode/iu,
    axe: /øks/iu,
    bid: /bud/iu,
  },
  pl: {
    remaining: /dopłat/iu,
    orderEdit: /zmian\p{L}* zamówie/iu,
    whistleblower: /sygnalist/iu,
    caseCode: /kod\p{L}* sprawy/iu,
    axe: /siekier/iu,
    bid: /ofert/iu,
  },
  pt: {
    remaining: /pagamento\p{L}* restante/iu,
    orderEdit: /altera\p{L}* d\p{L}* encomenda/iu,
    whistleblower: /denunciante/iu,
    caseCode: /código do caso/iu,
    axe: /machad/iu,
    bid: /licita/iu,
  },
  ro: {
    remaining: /plat\p{L}* rest/iu,
    orderEdit: /modific\p{L}* (?:de )?comenz/iu,
    whistleblower: /avertizor/iu,
    caseCode: /cod\p{L}* cazului/iu,
    axe: /topor|topoar/iu,
    bid: /ofert/iu,
  },
  ru: {
    remaining: /доплат/iu,
    orderEdit: /изменени\p{L}* заказ/iu,
    whistleblower: /заявител/iu,
    caseCode: /код\p{L}* обращени/iu,
    axe: /топор/iu,
    bid: /став(?:к|ок)/iu,
  },
  sk: {
    remaining: /doplat/iu,
    orderEdit: /úprav\p{L}* objednáv/iu,
    whistleblower: /oznamovate/iu,
    caseCode: /kód\p{L}* prípad/iu,
    axe: /seke?r|sekier/iu,
    bid: /pon[uú]k/iu,
  },
  sl: {
    remaining: /doplačil/iu,
    orderEdit: /sprememb\p{L}* naročil/iu,
    whistleblower: /prijavitelj/iu,
    caseCode: /kod\p{L}* primer/iu,
    axe: /sekir/iu,
    bid: /ponudb/iu,
  },
  sv: {
    remaining: /restbetalning/iu,
    orderEdit: /orderändring/iu,
    whistleblower: /rapportör/iu,
    caseCode: /ärendekod/iu,
    axe: /yx/iu,
    bid: /bud/iu,
  },
  tr: {
    remaining: /kalan ödeme/iu,
    orderEdit: /[sS]ipariş değişikli/u,
    whistleblower: /[iİ]hbarcı/iu,
    caseCode: /vaka kod/iu,
    axe: /balta/iu,
    bid: /teklif/iu,
  },
};

describe('glossary: remaining payment, order edit, whistleblower, case code, axe, bid (docs/i18n/<lang>.md)', () => {
  describe.each(Object.entries(TERMS))('%s', (lang, terms) => {
    const catalog = read(lang);
    it.each(Object.keys(KEYS) as Concept[])('names the %s with the guide’s term', (concept) => {
      const missing = KEYS[concept].filter((k) => !terms[concept].test(catalog[k] ?? ''));
      expect(missing.map((k) => `${k}: ${catalog[k]}`)).toEqual([]);
    });
  });
});

// Second words for a concept that the consistency review of hr, sl, lv, tr, pl, ro and hu found beside the guide's
// one (scripts/i18n-synonyms.ts lists the candidates): replaced in the catalogs, and kept out here. Each pattern
// matches only the concept's other word, not a word of another sense (a ledger's balance, a base price, a seller on
// an invoice stay).
const FORBIDDEN_SYNONYMS: Record<string, Array<[concept: string, synonym: RegExp]>> = {
  da: [
    // „Cykel“ is a bicycle: the bike is a motorcykel (a stock bike a lagermotorcykel), never „(lager)cyklen“.
    ['stock bike: lagermotorcykel', /(?<!\p{L})(?:lager)?cyk(?:el|len|ler|lerne)(?!\p{L})/iu],
  ],
  de: [
    // The legal term is the guide's; the English loan word is not used (docs/i18n/de.md, "Do not use").
    ['reverse charge: Steuerschuldnerschaft des Leistungsempfängers', /reverse charge/iu],
    ['stock bike: Lagermotorrad', /lagerfahrzeug/iu],
    // An approved dealer is „autorisiert“ (shop) or „freigegeben“ (back office): „zugelassen“ is a registered vehicle.
    ['dealer approval: autorisiert / freigegeben', /zugelassen\p{L}* (?:VARG-)?Händler/iu],
  ],
  nl: [
    ['reverse charge: btw verlegd', /verlegging/iu],
    // Sign in is „inloggen“ (sign out „uitloggen“); „aanmelden“ is the newsletter and referral sign-up only.
    ['sign in: inloggen', /aanmeldadres|aangemeld als|meld u aan als|meldt u zich aan met|u aan te melden/iu],
  ],
  hr: [
    ['VAT ID: PDV identifikacijski broj', /(?<!\p{L})PDV (?:ID|broj)(?!\p{L})/u],
    ['order edit: izmjena narudžbe', /uređivanj\p{L}* narudžb/iu],
  ],
  sl: [
    ['deposit: rezervacijski polog', /varščin/iu],
    ['VAT ID: identifikacijska številka za DDV', /(?<!\p{L})ID za DDV/u],
    ['dealer: prodajalec', /(?<!\p{L})trgov(?:ec|ca|cu|cem|ci|cev)(?!\p{L})/iu],
    ['order edit: sprememba naročila', /urejanj\p{L}* naročil/iu],
  ],
  lv: [
    ['VAT ID: PVN maksātāja numurs', /(?<!\p{L})PVN numur/iu],
    ['list price: cenrāža cena', /saraksta cen/iu],
    ['order edit: pasūtījuma izmaiņas', /rediģ\p{L}* pasūtījum/iu],
  ],
  tr: [['order edit: sipariş değişikliği', /sipariş(?:i|in)? düzenle/iu]],
  pl: [
    ['VAT ID: numer VAT UE', /(?<!\p{L})NIP UE|(?<!\p{L})numer\p{L}* VAT(?! UE)/iu],
    ['order edit: zmiana zamówienia', /edycj\p{L}* zamówie/iu],
  ],
  ro: [
    ['VAT ID: cod de TVA', /(?<!\p{L})cod TVA/iu],
    ['order edit: modificarea comenzii', /editar\p{L}* comenzii/iu],
    // „Plată inițială” reads as the down payment (avans): never for another payment.
    ['down payment: avans', /plat\p{L}* inițial/iu],
  ],
  hu: [
    ['VAT ID: közösségi adószám', /(?<!közösségi )(?<!\p{L})adószám/iu],
    ['dealer: márkakereskedő', /(?<!márka)(?<!\p{L})kereskedő/iu],
    [
      'order edit: rendelésmódosítás',
      /rendelés\p{L}* (?:\p{L}+ )?szerkesztés|tételének szerkesztése|megváltozott szerkesztés/iu,
    ],
  ],
};

describe('glossary: no second word for a concept (docs/i18n/<lang>.md, "Do not use")', () => {
  describe.each(Object.entries(FORBIDDEN_SYNONYMS))('%s', (lang, rules) => {
    const catalog = read(lang);
    it.each(rules)('%s', (_concept, synonym) => {
      expect(Object.entries(catalog).filter(([, v]) => synonym.test(v))).toEqual([]);
    });
  });
});
