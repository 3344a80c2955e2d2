import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogVariants } from './index.ts';
import { CATALOGS, messagesFor, OVERRIDES, t } from './server.ts';

const placeholders = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort().join();
const BASES: Record<string, 'pt' | 'es'> = { 'pt-BR': 'pt', 'es-419': 'es', 'es-MX': 'es', 'es-AR': 'es' };

describe('market variants (catalogs/overrides)', () => {
  it('exist for Brazil and the Latin-American Spanish markets, and nothing else', () => {
    const files = readdirSync(new URL('../catalogs/overrides/', import.meta.url)).sort();
    expect(files).toEqual(['es-419.json', 'es-AR.json', 'es-MX.json', 'pt-BR.json']);
  });

  it.each(Object.entries(BASES))('%s holds only keys of its language, with their placeholders', (variant, lang) => {
    const override = OVERRIDES[variant] ?? {};
    expect(Object.keys(override).length).toBeGreaterThan(5);
    expect(Object.keys(override).filter((k) => !(k in CATALOGS[lang]))).toEqual([]);
    expect(
      Object.keys(override).filter((k) => placeholders(override[k] ?? '') !== placeholders(CATALOGS[lang][k] ?? '')),
    ).toEqual([]);
    // Only what differs: a text equal to its base's (the language's; for a country, es-419's over it) is not
    // repeated. A country may restore the language's text over es-419's (Argentina's financiación).
    const base =
      variant === 'es-MX' || variant === 'es-AR' ? { ...CATALOGS[lang], ...OVERRIDES['es-419'] } : CATALOGS[lang];
    expect(Object.keys(override).filter((k) => override[k] === base[k])).toEqual([]);
  });

  it('is chosen by the country the locale carries', () => {
    expect(catalogVariants('pt', 'BR')).toEqual(['pt-BR']);
    expect(catalogVariants('pt', 'PT')).toEqual([]);
    expect(catalogVariants('es', 'MX')).toEqual(['es-MX', 'es-419']);
    expect(catalogVariants('es', 'AR')).toEqual(['es-AR', 'es-419']);
    expect(catalogVariants('es', 'ES')).toEqual([]);
    expect(catalogVariants('es', 'US')).toEqual([]);
    expect(catalogVariants('de', 'BR')).toEqual([]);
  });

  it('Brazil reads Brazilian Portuguese, Portugal European', () => {
    const br = { lang: 'pt', country: 'BR' } as const;
    expect(t(br, 'stock_results_count', { count: 2 })).toBe('2 motos encontradas');
    expect(t('pt', 'stock_results_count', { count: 2 })).toBe('2 motas encontradas');
    expect(t({ lang: 'pt', country: 'PT' }, 'stock_results_count', { count: 2 })).toBe('2 motas encontradas');
    expect(t(br, 'auth_password')).toBe('Senha');
    // Plural rules of the country: Portugal counts 0 as plural, Brazil as singular.
    expect(t({ lang: 'pt', country: 'PT' }, 'stock_results_count', { count: 0 })).toBe('0 motas encontradas');
    expect(t(br, 'stock_results_count', { count: 0 })).toBe('0 moto encontrada');
    expect(t(br, 'checkout_customer_tax_id')).toBe('CPF');
    expect(t(br, 'account_my_orders')).toBe('Meus pedidos');
    // Keys without a Brazilian difference come from the language's catalog.
    expect(t(br, 'nav_home')).toBe(CATALOGS.pt.nav_home);
  });

  // Words and turns a Brazilian reader takes for European Portuguese (docs/i18n/pt.md, "Brazil"): none may be left in
  // the effective pt-BR texts (the pt catalog with the pt-BR override over it).
  const EUROPEAN_WORDS =
    'motas?|palavras?-passe|moradas?|telemóve(?:l|is)|equipas?|utilizador(?:es)?|ecrãs?|regist(?:o|os|ar|ado|ada|e)|' +
    'factos?|encomend\\p{L}*|apoio ao cliente|já não|enviar-me|ficheiros?|contact(?:o|os|ar|e)|receção|secção|' +
    'aced(?:er|a)|stock|travões|travão|guiador|embraiagem|binários?|poisa-pés|montantes?|prestaç(?:ão|ões)|' +
    'anónim\\p{L}*|jantes|carta de condução|licitaç(?:ão|ões)|licitar|' +
    '(?:de|para|por) si|demasiad[oa]s?|percentagem|em dívida|algarismos|a decorrer|separador|levantamento|' +
    'predefinid[oa]s?|subscri(?:ção|ções|ver|va)|sessão iniciada|prestador(?:es)? de serviços|t-shirts?|autocarro|' +
    'casa de banho|mais depressa|pelo que|alargad[oa]s?|ligaç(?:ão|ões)|partilh\\p{L}*|base de licitação';
  const EUROPEAN = new RegExp(`(?<![\\p{L}\\-])(?:${EUROPEAN_WORDS})(?![\\p{L}\\-])`, 'iu');
  // "está a fazer" (Brazil: "está fazendo"), "A carregar…" (Carregando…), and enclitic -lhe after a verb (Brazil:
  // "para você" or proclisis).
  const EUROPEAN_SYNTAX =
    /(?<!\p{L})(?:está|estão|estamos|estou|esteja|estiver) a \p{L}+(?:ar|er|ir)(?!\p{L})|^A \p{L}+(?:ar|er|ir)(?: .*)?…$|\p{L}-lhes?(?!\p{L})/u;
  it('Brazil reads no European-only word or turn', () => {
    const br = messagesFor({ lang: 'pt', country: 'BR' });
    expect(Object.entries(br).filter(([, v]) => EUROPEAN.test(v) || EUROPEAN_SYNTAX.test(v))).toEqual([]);
    // The list finds them in the European catalog, so it is not a dead check.
    expect(Object.values(CATALOGS.pt).filter((v) => EUROPEAN.test(v)).length).toBeGreaterThan(100);
    expect(Object.values(CATALOGS.pt).filter((v) => EUROPEAN_SYNTAX.test(v)).length).toBeGreaterThan(10);
  });

  // Argentina reads voseo (docs/i18n/es.md, "Argentina"): no tú, ti, contigo, no tú-only verb forms, no tú imperative
  // at the start of a sentence or with an accented clitic ("Inténtalo" → "Intentalo"), and the preterite, not "has
  // pagado" / "se ha enviado".
  const TUTEO =
    /(?<!\p{L})(?:tú|ti|contigo|puedes|tienes|quieres|eres|necesitas|recibes|debes|sabes|has \p{L}+(?:ado|ido)|ha \p{L}+(?:ado|ido)|hemos \p{L}+(?:ado|ido))(?!\p{L})/iu;
  const TU_IMPERATIVE =
    /(?:^|[.:;!?¡¿(“—]\s*)(?:Elige|Revisa|Ingresa|Prueba(?! (?:solicitada|reservada|realizada))|Paga|Configura|Indica|Escribe|Vuelve|Confirma|Inicia|Pide|Añade|Elimina|Usa|Busca|Quita|Descarga|Comprueba|Cambia|Selecciona|Guarda|Completa|Abre|Copia|Mira|Descubre|Haz|Reserva(?! (?:liberada|de la))|Contacta|Cuéntanos|Únete|Suscríbete|Inténtalo|Compruébalo|Pruébala|Resérvala)(?!\p{L})|(?<!\p{L})\p{L}+[áéíó]\p{L}*(?:lo|la|los|las|nos)(?!\p{L})(?<!(?:[Vv]ehículo|[Aa]rtículo|[Tt]ítulo|[Cc]álculo|[Tt]érmino|[Ss]ímbolo)s?)/u;
  it('Argentina reads voseo and the preterite', () => {
    const ar = messagesFor({ lang: 'es', country: 'AR' });
    expect(Object.entries(ar).filter(([, v]) => TUTEO.test(v) || TU_IMPERATIVE.test(v))).toEqual([]);
    expect(t({ lang: 'es', country: 'AR' }, 'error_generic')).toBe('Algo salió mal. Intentalo de nuevo.');
    expect(t({ lang: 'es', country: 'AR' }, 'payment_kind_deposit')).toBe('Seña');
    expect(t({ lang: 'es', country: 'AR' }, 'payment_kind_down_payment')).toBe('Anticipo');
    // A noun or an adjective at the start is not an imperative: the rules leave it alone (es-AR texts).
    for (const [key, text] of [
      ['store_group_charging', 'Carga'],
      ['test_ride_booked_title', 'Prueba solicitada'],
      ['dealer_orders_own', 'Compra propia'],
      ['admin_customers_active', 'Activa'],
      ['audit_action_stock_bike_release', 'Reserva liberada'],
    ])
      expect(t({ lang: 'es', country: 'AR' }, key as string)).toBe(text);
    // The checks find tuteo in Spain's catalog, so they are not dead.
    expect(Object.values(CATALOGS.es).filter((v) => TUTEO.test(v) || TU_IMPERATIVE.test(v)).length).toBeGreaterThan(
      100,
    );
  });

  it('Mexico and Argentina read Latin-American Spanish with their own tax ids', () => {
    const mx = { lang: 'es', country: 'MX' } as const;
    const ar = { lang: 'es', country: 'AR' } as const;
    expect(t(mx, 'invoice_vat_id', { id: 'X' })).toBe('RFC: X');
    expect(t(ar, 'invoice_vat_id', { id: 'X' })).toBe('CUIT: X');
    expect(t('es', 'invoice_vat_id', { id: 'X' })).toBe('NIF-IVA: X');
    expect(t(mx, 'nav_parts')).toBe('Repuestos y accesorios');
    expect(t(ar, 'nav_parts')).toBe('Repuestos y accesorios');
    expect(t({ lang: 'es', country: 'ES' }, 'nav_parts')).toBe(CATALOGS.es.nav_parts);
    // Ustedes, never vosotros.
    const vosotros = /(?<!\p{L})(vosotros|vuestr[oa]s?|podéis|tenéis|habéis|sois)(?!\p{L})/u;
    expect(Object.entries(messagesFor(mx)).filter(([, v]) => vosotros.test(v))).toEqual([]);
  });

  // Latin America beyond Argentina (docs/i18n/es.md, "Latin America"): tú, ustedes and never vosotros, the preterite
  // where Latin America uses it ("No encontramos", "se canceló", "Olvidaste"), and none of Spain's own words. Mexico
  // reads es-MX over es-419; Colombia, Chile, Peru … read es-419.
  const SPAIN_WORDS =
    'ordenador(?:es)?|móvil(?:es)?|coches?|conducir|conducción|carn[eé]s? de conducir|recambios?|vídeos?|añad\\p{L}*|' +
    'importes?|adeudos?|caduc\\p{L}*|manillar|rellen\\p{L}*|enhorabuena|precios? de tarifa|señal(?:es)?|cesta|' +
    'introduc(?:e|es|ir|ido|ida)|Introduce|coger|coge|aparcar|gafas|ficheros?|puerta,|Señal(?:es)?|' +
    '[Rr]ecogidas?|notas? de abono|Nota de abono|' +
    'vosotr[oa]s|vuestr[oa]s?|os|podéis|tenéis|habéis|sois|queréis|estáis|hacéis';
  const SPAIN = new RegExp(`(?<![\\p{L}\\-])(?:${SPAIN_WORDS})(?![\\p{L}\\-])`, 'u');
  // The present perfect of a finished event: "has pedido", "se ha cancelado", "hemos recibido", "ha sido".
  const PRESENT_PERFECT =
    /(?<!\p{L})(?:has|ha|hemos|han) (?:\p{L}+ )?\p{L}+(?:ado|ido|ído|isto|echo|ierto|uelto|icho|scrito|uesto)(?!\p{L})/iu;
  it.each(['MX', 'CO', 'CL', 'PE'])(
    '%s reads Latin-American Spanish: preterite, no vosotros, no Spain-only word',
    (country) => {
      const locale = { lang: 'es', country } as const;
      const texts = Object.entries(messagesFor(locale));
      expect(texts.filter(([, v]) => SPAIN.test(v))).toEqual([]);
      expect(texts.filter(([, v]) => PRESENT_PERFECT.test(v))).toEqual([]);
      // Tú, not vos: Argentina's forms stay in Argentina.
      expect(texts.filter(([, v]) => /(?<!\p{L})(?:podés|tenés|querés|sos|vos)(?!\p{L})/u.test(v))).toEqual([]);
      expect(t(locale, 'error_generic')).toBe('Algo salió mal. Inténtalo de nuevo.');
      expect(t(locale, 'auth_forgot_password')).toBe('¿Olvidaste tu contraseña?');
      expect(t(locale, 'email_payment_text', { amount: '$1', number: '7' })).toBe(
        'Recibimos tu pago de $1 del pedido 7. ¡Gracias!',
      );
      expect(t(locale, 'payment_kind_deposit')).toBe('Anticipo');
      expect(t(locale, 'cart_add')).toBe('Agregar al carrito');
    },
  );

  it('Mexico pays an enganche, the rest of Latin America a pago inicial; Argentina a seña and an anticipo', () => {
    expect(t({ lang: 'es', country: 'MX' }, 'payment_kind_down_payment')).toBe('Enganche');
    expect(t({ lang: 'es', country: 'CO' }, 'payment_kind_down_payment')).toBe('Pago inicial');
    expect(t({ lang: 'es', country: 'AR' }, 'payment_kind_deposit')).toBe('Seña');
    expect(t({ lang: 'es', country: 'AR' }, 'payment_kind_down_payment')).toBe('Anticipo');
    expect(t('es', 'payment_kind_down_payment')).toBe('Entrada');
    // The lists find Spain's Spanish in Spain's catalog, so they are not dead checks.
    expect(Object.values(CATALOGS.es).filter((v) => SPAIN.test(v)).length).toBeGreaterThan(100);
    expect(Object.values(CATALOGS.es).filter((v) => PRESENT_PERFECT.test(v)).length).toBeGreaterThan(100);
  });

  // Dealer and financing per market (docs/i18n/es.md, "Dealer and financing"): Mexico distribuidor and financiamiento,
  // Argentina la concesionaria and financiación, the rest of Latin America concesionario and financiamiento.
  const word = (w: string) => new RegExp(`(?<!\\p{L})(?:${w})(?!\\p{L})`, 'iu');
  const using = (country: string, pattern: RegExp) =>
    Object.entries(messagesFor({ lang: 'es', country })).filter(([, v]) => pattern.test(v));
  it('each market names the dealer and the financing with its own word', () => {
    const mx = { lang: 'es', country: 'MX' } as const;
    const ar = { lang: 'es', country: 'AR' } as const;
    expect(t(mx, 'admin_nav_dealers')).toBe('Distribuidores');
    expect(t(mx, 'payment_method_financing')).toBe('Financiamiento');
    expect(t(mx, 'payment_failure_financing_declined')).toBe(
      'El financiamiento no fue aprobado. Puedes pagar de otra forma.',
    );
    expect(t(ar, 'admin_nav_dealers')).toBe('Concesionarias');
    expect(t(ar, 'payment_method_financing')).toBe('Financiación');
    expect(t(ar, 'admin_dealer_suspend_confirm')).toBe('¿Suspender esta concesionaria?');
    expect(t(ar, 'error_staff_lead_dealer_not_dealer')).toBe(
      'Solo una concesionaria aprobada puede ser concesionaria principal.',
    );
    for (const country of ['CO', 'CL', 'PE']) {
      expect(t({ lang: 'es', country }, 'admin_nav_dealers')).toBe('Concesionarios');
      expect(t({ lang: 'es', country }, 'checkout_verify_financing_approve')).toBe('Aprobar el financiamiento');
    }
    expect(t('es', 'payment_method_financing')).toBe('Financiación');
    expect(t('es', 'admin_nav_dealers')).toBe('Concesionarios');
    // One word per concept in each market's effective texts.
    expect(using('MX', word('concesionari\\p{L}*|financiaci(?:ón|ones)'))).toEqual([]);
    for (const country of ['CO', 'CL', 'PE'])
      expect(using(country, word('distribuidor(?:es)?|concesionarias?|financiaci(?:ón|ones)'))).toEqual([]);
    expect(using('AR', word('concesionarios?|distribuidor(?:es)?|financiamientos?'))).toEqual([]);
    // Argentina's concesionaria is feminine: no masculine article or adjective left beside it.
    const masculine =
      /(?<!\p{L})(?:el|del|al|un|este|ningún|nuestros|los)\s+concesionarias?(?!\p{L})|concesionarias?\s+(?:VARG\s+)?(?:aprobados?|autorizados?|suspendidos?)(?!\p{L})|concesionaria no está aprobado/iu;
    expect(using('AR', masculine)).toEqual([]);
    // Nor a feminine one beside Mexico's and Latin America's masculine financiamiento.
    expect(using('MX', /(?<!\p{L})(?:la|una|esta)\s+financiamiento(?!\p{L})/iu)).toEqual([]);
    // The checks are not dead: Spain's catalog has the words they refuse in Mexico.
    expect(Object.values(CATALOGS.es).filter((v) => word('concesionari\\p{L}*').test(v)).length).toBeGreaterThan(40);
  });
});
