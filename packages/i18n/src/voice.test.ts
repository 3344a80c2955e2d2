// One voice per language: the form of address and the glossary of docs/i18n/<lang>.md, checked on every value of the
// catalogs, and American spelling in the en-US source. A rule here is a rule of the language's guide; change both.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dir = new URL('../catalogs/', import.meta.url);
const read = (lang: string) => JSON.parse(readFileSync(new URL(`${lang}.json`, dir), 'utf8')) as Record<string, string>;
/** The keys whose value matches one of the patterns, with the value, so a failure shows what to rewrite. */
const offending = (catalog: Record<string, string>, patterns: RegExp[], keys = Object.keys(catalog)) =>
  keys.filter((key) => patterns.some((p) => p.test(catalog[key] ?? ''))).map((key) => `${key}: ${catalog[key]}`);

// Informal forms where the guide chooses the formal address (de Sie, nl u, ro dumneavoastră, et teie, hu Ön), and
// the forms that address the buyer in one gender (pl) or informally (lv). Letters outside ASCII need the `u` flag's
// word boundaries to be written out, hence `(?<![\p{L}])…(?![\p{L}])` via `w()`.
const w = (alternatives: string, flags = 'iu') =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`, flags);
const FORBIDDEN: Record<string, { rule: string; patterns: RegExp[] }> = {
  de: {
    rule: 'Sie: no du, dich, dir, dein…, euch, euer…, and no du-imperative at the start of a sentence',
    patterns: [
      w('du|dich|dir|dein|deine|deinen|deinem|deiner|deines|euch|euer|eure|euren|eurem|eurer|eures'),
      w('hast|kannst|musst|möchtest|willst|bist|wirst|brauchst|erhältst|gelangst|zahlst|bezahlst|siehst'),
      // An imperative of du opens a sentence: "Bitte versuche es erneut", "Wähle ein Land" ("Teile" is the noun).
      /(?:^|[.!?:;]\s+|[Bb]itte\s+)(?:Versuche|Wähle|Gib|Sieh|Prüfe|Überprüfe|Melde|Bestätige|Konfiguriere|Entferne|Überweise|Bezahle|Bestelle|Finanziere|Reserviere|Bewirb|Setze|Ignoriere|Besuche|Komm|Speichere|Wende|Verwende|Finde|Lade|Löse|Werde|Ändere|Warte|Fordere)\b(?!\s+Sie\b)/u,
    ],
  },
  nl: { rule: 'u: no je, jij, jou, jouw, jullie, jezelf', patterns: [w('je|jij|jou|jouw|jullie|jezelf')] },
  ro: {
    rule: 'dumneavoastră: no tu, te, ți/îți, tău/ta/tăi/tale, no 2nd-singular verbs or -ți imperatives',
    patterns: [
      w('tu|te|ți|îți|tău|ta|tăi|tale'),
      w(
        'ai|poți|vrei|ești|plătești|primești|alegi|aplici|continui|accepți|autorizezi|acționezi|editezi|confirmi|elimini|ștergi|golești',
      ),
      /[\p{L}]+-ți(?![\p{L}])/u,
      w(
        'Alege|Caută|Încearcă|Verifică|Introdu|Folosește|Plătește|Confirmă|Salvează|Adaugă|Elimină|Șterge|Descarcă|Vezi|Trimite|Scrie|Rezervă|Configurează|Modifică|Rezolvă|Finalizează|Oprește|Aprobă|Refuză|Acționează|Ieși|Alătură-te|Abonează-te|Autentifică-te',
        'u',
      ),
    ],
  },
  et: {
    rule: 'teie: no sina/sinu/sul/sulle/sind/sa, no 2nd-singular verbs ("tasud" fees and "soovid" wishes are nouns too, so not listed)',
    patterns: [w('sina|sinu|sul|sulle|sind|sinuga|sinult|sa'), w('oled|saad|võid|tahad|muudad|valid|ostad|maksad')],
  },
  hu: {
    rule: 'Ön: no te-forms (possessive -d, 2nd-singular verbs and imperatives)',
    patterns: [
      w('te|téged|neked|veled|tiéd'),
      w(
        'próbáld|próbálj|válaszd|válassz|add|adj|jelentkezz|ellenőrizd|erősítsd|nézd|keress|foglald|rendeld|fizesd|fizess|utald|utalj|távolítsd|használd|használj|konfiguráld|konfigurálj|csatlakozz|kérj|várj|oszd|ments',
      ),
      w(
        'kosarad|kosaradban|kosaradból|kosaradhoz|fiókod|fiókodat|jelszavad|jelszavadat|rendelésed|rendelésedet|országodban|címed|címedet|motorod|motorodat|kártyád|kártyádat|bankod|konfigurációd|böngésződ|profilod|választásod',
      ),
      w(
        'vagy itt|fizetsz|fizettél|rendeltél|rendelted|szerkesztesz|látod|voltál|legyél|bővítsd|találj|képezd|készítsd|szervizeld|segítsd',
      ),
    ],
  },
  pl: {
    rule: 'Ty in gender-neutral form: no masculine past tense addressed to the buyer; minor units are not "base units"',
    patterns: [
      w(
        'zamówiłeś|kupiłeś|kupiłbyś|wygrałeś|znalazłeś|zmieniłeś|widziałeś|licytowałeś|byłeś|chciałbyś|mógłbyś|powinieneś',
      ),
      /jednostki podstawowe/iu,
    ],
  },
  lv: {
    rule: 'jūs: no tu/tavs/tev or 2nd-singular imperatives; no masculine participle addressed to the buyer',
    patterns: [
      w('tu|tavs|tava|tavu|tev|tevi|Pievienojies|Sazinies|Piesakies'),
      w('esat \\p{L}+(?:is|ies)|neesat \\p{L}+(?:is|ies)|atrakstīts'),
    ],
  },
  tr: {
    rule: 'one reverse-charge term (tersine vergilendirme); "ters ibraz" means chargeback',
    patterns: [/ters ibraz|sorumlu sıfat/iu],
  },
  hr: {
    rule: 'one word for dealer (trgovac) and one list-price term (preporučena cijena)',
    patterns: [w('zastupni\\p{L}*|distributer\\p{L}*|prodavač\\p{L}*|cjenovn\\p{L}*')],
  },
};

describe('form of address and forbidden forms (docs/i18n/<lang>.md)', () => {
  it.each(Object.entries(FORBIDDEN))('%s', (lang, { rule, patterns }) => {
    expect(offending(read(lang), patterns), rule).toEqual([]);
  });
});

// Keys that name the refundable deposit that reserves a bike, and keys that name the down payment paid upfront when
// the rest is financed: two payments of the ledger, two terms in every language, never swapped or shared.
const DEPOSIT_KEYS = [
  'configurator_deposit',
  'configurator_intro',
  'configurator_meta_description',
  'stock_deposit',
  'stock_deposit_amount',
  'cart_deposit',
  'payment_kind_deposit',
  'checkout_kind_hint_deposit',
  'checkout_result_partial_title',
  'faq_deposit_q',
  'faq_deposit_a',
];
const DOWN_PAYMENT_KEYS = [
  'payment_kind_down_payment',
  'checkout_down_payment',
  'checkout_down_payment_hint',
  'checkout_kind_hint_down_payment',
  'checkout_financing_hint',
  'error_down_payment_invalid',
];
const REVERSE_CHARGE_KEYS = [
  'checkout_reverse_charge',
  'invoice_reverse_charge_deduction',
  'tax_note_reverse_charge',
  'invoice_reverse_charge_note',
];
const DEALER_KEYS = [
  'customer_type_dealer',
  'dealer_title',
  'become_dealer_title',
  'footer_become_dealer',
  'error_dealer_application_not_allowed',
  'dealer_order_invoices_title',
  'order_dealer_invoices',
  'stores_intro',
  'support_stores_text',
  'sam_feature_dealer_title',
  'shipping_dealer_pickup',
  'home_dealers_text',
  'referral_terms_who',
  'test_ride_intro',
];
/** Second words for the dealer that the catalogs used beside the glossary's one. */
const DEALER_SYNONYMS: Record<string, RegExp> = {
  es: /distribuidor/iu,
  fr: /revendeur/iu,
  it: /rivenditor/iu,
  lv: /izplatītāj/iu,
  hr: /zastupni|distributer|prodavač/iu,
  cs: /(?<![\p{L}{])dealer/iu, // not the {{dealer}} placeholder
  sk: /díler/iu,
};
const STORE_CREDIT_KEYS = [
  'payment_method_wallet',
  'checkout_use_wallet',
  'checkout_wallet_covers',
  'checkout_wallet_applied',
];
const LIST_PRICE_KEYS = [
  'error_price_above_list',
  'dealer_order_price_hint',
  'dealer_order_price_optional',
  'dealer_order_discount_note',
];

/** The glossary term of each concept (a pattern, so inflected forms match), as the language's guide gives it. */
const GLOSSARY: Record<
  string,
  {
    deposit: RegExp;
    downPayment: RegExp;
    reverseCharge: RegExp;
    listPrice: RegExp;
    dealer: RegExp;
    storeCredit: RegExp;
  }
> = {
  'en-us': {
    deposit: /deposit/i,
    downPayment: /down payment/i,
    reverseCharge: /reverse charge/i,
    listPrice: /list price/i,
    dealer: /dealer/i,
    storeCredit: /store credit/i,
  },
  cs: {
    deposit: /zálo[hz]/iu,
    downPayment: /akontac/iu,
    reverseCharge: /přenes\p{L}+ daňov/iu,
    listPrice: /ceníkov/iu,
    dealer: /prodejc|prodejn/iu,
    storeCredit: /kredit/iu,
  },
  da: {
    deposit: /depositum/iu,
    downPayment: /udbetaling/iu,
    reverseCharge: /omvendt betalingspligt/iu,
    listPrice: /listepris/iu,
    dealer: /forhandler/iu,
    storeCredit: /tilgodehavende/iu,
  },
  de: {
    deposit: /reservierungszahlung/iu,
    downPayment: /(?<!\p{L})anzahlung/iu,
    reverseCharge: /steuerschuldnerschaft des leistungsempfängers/iu,
    listPrice: /listenpreis/iu,
    dealer: /händler/iu,
    storeCredit: /guthaben/iu,
  },
  el: {
    deposit: /προκαταβολ/iu,
    downPayment: /αρχικ\p{L}* καταβολ/iu,
    reverseCharge: /αντίστροφη επιβάρυνση/iu,
    listPrice: /τιμ\p{L}* καταλόγου/iu,
    dealer: /αντιπρ/iu,
    storeCredit: /πιστωτικ\p{L}*(?: \p{L}+)? υπ[οό]λ/iu,
  },
  es: {
    deposit: /señal/iu,
    downPayment: /(?<!\p{L})entrada/iu,
    reverseCharge: /inversión del sujeto pasivo/iu,
    listPrice: /precio\p{L}* de tarifa/iu,
    dealer: /concesionari/iu,
    storeCredit: /saldo a favor/iu,
  },
  et: {
    deposit: /ettemaks/iu,
    downPayment: /sissemaks/iu,
    reverseCharge: /pöördmaksustami/iu,
    listPrice: /hinnakirjahin/iu,
    dealer: /edasimüüja/iu,
    storeCredit: /poekrediit/iu,
  },
  fi: {
    deposit: /ennakkomaks/iu,
    downPayment: /käsira/iu,
    reverseCharge: /käännetty verovelvollisuus/iu,
    listPrice: /listahin/iu,
    dealer: /jälleenmyyj/iu,
    storeCredit: /hyvityssaldo/iu,
  },
  fr: {
    deposit: /acompte/iu,
    downPayment: /apport/iu,
    reverseCharge: /autoliquidation/iu,
    listPrice: /prix catalogue/iu,
    dealer: /concessionnaire/iu,
    storeCredit: /avoir/iu,
  },
  hr: {
    deposit: /(?<!\p{L})polog/iu,
    downPayment: /učešć/iu,
    reverseCharge: /prijenos porezne obveze/iu,
    listPrice: /preporučen\p{L}* cijen/iu,
    dealer: /trgov/iu,
    storeCredit: /kredit u trgovini/iu,
  },
  hu: {
    deposit: /foglaló/iu,
    downPayment: /önerő/iu,
    reverseCharge: /fordított adózás/iu,
    listPrice: /listaár/iu,
    dealer: /márkakereskedő/iu,
    storeCredit: /áruházi egyenleg/iu,
  },
  it: {
    deposit: /acconto/iu,
    downPayment: /anticipo/iu,
    reverseCharge: /inversione contabile/iu,
    listPrice: /prezz\p{L}* di listino/iu,
    dealer: /concessionari/iu,
    storeCredit: /credito/iu,
  },
  lv: {
    deposit: /depozīt/iu,
    downPayment: /pirm\p{L}* iemaks/iu,
    reverseCharge: /apgriezt\p{L}* maksāšan/iu,
    listPrice: /cenrāža cen/iu,
    dealer: /dīler/iu,
    storeCredit: /veikala kredīt/iu,
  },
  nl: {
    deposit: /aanbetaling/iu,
    downPayment: /eigen inbreng/iu,
    reverseCharge: /verlegd/iu,
    listPrice: /catalogusprij/iu,
    dealer: /dealer/iu,
    storeCredit: /tegoed/iu,
  },
  no: {
    deposit: /depositum/iu,
    downPayment: /egenandel/iu,
    reverseCharge: /omvendt avgiftsplikt/iu,
    listPrice: /listepris/iu,
    dealer: /forhandler/iu,
    storeCredit: /tilgodehavende/iu,
  },
  pl: {
    deposit: /zaliczk/iu,
    downPayment: /wpłat\p{L}* własn/iu,
    reverseCharge: /odwrotne obciążenie/iu,
    listPrice: /cen\p{L}* katalogow/iu,
    dealer: /dealer/iu,
    storeCredit: /sald\p{L}* w sklepie/iu,
  },
  pt: {
    deposit: /sinal/iu,
    downPayment: /(?<!\p{L})entrada/iu,
    reverseCharge: /autoliquidação/iu,
    listPrice: /preço\p{L}* de tabela/iu,
    dealer: /concessionári/iu,
    storeCredit: /crédito de loja/iu,
  },
  ro: {
    deposit: /plat\p{L}* de rezervare/iu,
    downPayment: /(?<!\p{L})avans/iu,
    reverseCharge: /taxare inversă/iu,
    listPrice: /preț\p{L}* de listă/iu,
    dealer: /dealer/iu,
    storeCredit: /credit\p{L}*(?: \p{L}+)? (?:din|în) magazin/iu,
  },
  ru: {
    deposit: /предоплат/iu,
    downPayment: /первоначальн\p{L}* взнос/iu,
    reverseCharge: /обратное начисление/iu,
    listPrice: /прейскурантн/iu,
    dealer: /дилер/iu,
    storeCredit: /баланс\p{L}* в магазине/iu,
  },
  sk: {
    deposit: /zálo[hž]/iu,
    downPayment: /akontáci/iu,
    reverseCharge: /prenesenie daňovej povinnosti/iu,
    listPrice: /cenníkov/iu,
    dealer: /predajc|predajn/iu,
    storeCredit: /kredit/iu,
  },
  sl: {
    deposit: /rezervacijsk\p{L}* polog/iu,
    downPayment: /lastn\p{L}* udeležb/iu,
    reverseCharge: /obrnjena davčna obveznost/iu,
    listPrice: /cenikovn/iu,
    dealer: /prodajal/iu,
    storeCredit: /dobroimetje/iu,
  },
  sv: {
    deposit: /handpenning/iu,
    downPayment: /kontantinsats/iu,
    reverseCharge: /omvänd betalningsskyldighet/iu,
    listPrice: /listpris/iu,
    dealer: /återförsäljar/iu,
    storeCredit: /tillgodohavande/iu,
  },
  tr: {
    deposit: /kapora/iu,
    downPayment: /peşinat/iu,
    reverseCharge: /tersine vergilendirme/iu,
    listPrice: /liste fiyat/iu,
    dealer: /bayi/iu,
    storeCredit: /mağaza bakiye/iu,
  },
};

describe('glossary: one term per concept (docs/i18n/<lang>.md)', () => {
  describe.each(Object.entries(GLOSSARY))('%s', (lang, terms) => {
    const catalog = read(lang);
    const missing = (keys: string[], term: RegExp) =>
      keys.filter((k) => !term.test(catalog[k] ?? '')).map((k) => `${k}: ${catalog[k]}`);
    it('names the deposit with its term, never the down payment’s', () => {
      expect(missing(DEPOSIT_KEYS, terms.deposit)).toEqual([]);
      expect(offending(catalog, [terms.downPayment], DEPOSIT_KEYS)).toEqual([]);
    });
    it('names the down payment with its term, never the deposit’s', () => {
      expect(missing(DOWN_PAYMENT_KEYS, terms.downPayment)).toEqual([]);
      expect(offending(catalog, [terms.deposit], DOWN_PAYMENT_KEYS)).toEqual([]);
    });
    it('names the dealer with one word', () => {
      expect(missing(DEALER_KEYS, terms.dealer)).toEqual([]);
      const synonym = DEALER_SYNONYMS[lang];
      if (synonym) expect(offending(catalog, [synonym])).toEqual([]);
    });
    it('names the store credit (wallet) with one term', () => {
      expect(missing(STORE_CREDIT_KEYS, terms.storeCredit)).toEqual([]);
    });
    it('uses one reverse-charge term and one list-price term', () => {
      expect(missing(REVERSE_CHARGE_KEYS, terms.reverseCharge)).toEqual([]);
      expect(missing(LIST_PRICE_KEYS, terms.listPrice)).toEqual([]);
    });
  });
});

// British spellings (and words) an American reader notices; the en-US source is American English.
const BRITISH = [
  /\btyres?\b/i,
  /\bcolour/i,
  /\bgrey\b/i,
  /\b\w*authoris/i,
  /\b\w*(?:organis|realis|recognis|customis|personalis|optimis|prioritis|apologis|minimis|maximis|summaris|utilis|finalis)(?:e|ed|es|ing|ation)\b/i,
  /\bprogrammes?\b/i,
  /\blicence\b/i,
  /\bcancell(?:ed|ing)\b/i,
  /\binstalments?\b/i,
  /\blabour\b/i,
  /\bcatalogue\b/i,
  /\b(?:centre|metre|litre|fibre)s?\b/i,
  /\b(?:favour|behaviour|honour|neighbour)\w*/i,
  /\b(?:travell|modell|labell|fuell|signall)(?:ed|ing|er)\b/i,
  /\b(?:enrol|fulfil)(?:ment)?\b/i,
  /\b(?:defence|offence|cheque|kerb|storey|manoeuvre|jewellery|aluminium|judgement|whilst|amongst)\b/i,
  /\bpetrol\b/i,
  /\bmotorbikes?\b/i,
  /\bdriving licen[cs]e\b/i,
  /\bCVs?\b/,
];

describe('en-US source', () => {
  it('is American English: no British spelling from the list', () => {
    expect(offending(read('en-us'), BRITISH)).toEqual([]);
  });
  it('says what a late bid does to the auction, not that it "extends that axe"', () => {
    expect(read('en-us').auction_currency_note).not.toMatch(/extends that axe/);
  });
});
