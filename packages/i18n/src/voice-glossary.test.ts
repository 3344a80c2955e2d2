import { describe, expect, it } from 'vitest';
import { offending, read } from './voice-fixture.ts';

// One term per concept in every language: the glossary of docs/i18n/<lang>.md, checked on every value of the catalogs.
// A rule here is a rule of the language's guide; change both. The catalogs are read by voice-fixture.ts.

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
