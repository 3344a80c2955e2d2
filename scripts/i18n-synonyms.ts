// Lists, per glossary concept of docs/i18n/<lang>.md, every catalog value that names it with another word than the
// guide's: `npx node scripts/i18n-synonyms.ts [lang …]` (Node 24). The lists are a reviewer's candidates (a word may
// have another, legitimate sense), not rules: a synonym found and replaced goes into the forbidden list of
// packages/i18n/src/voice-glossary-terms.test.ts so it stays out.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Concept = { term: string; synonyms: string[] };
const SYNONYMS: Record<string, Record<string, Concept>> = {
  hr: {
    deposit: { term: 'polog', synonyms: ['predujam', 'kapar', 'akontacij', 'depozit'] },
    downPayment: { term: 'učešće', synonyms: ['početn\\p{L}* uplat', 'prva rata', 'polog kod financ'] },
    remaining: { term: 'ostatak plaćanja', synonyms: ['doplat', 'preostal\\p{L}* iznos'] },
    financing: { term: 'financiranje', synonyms: ['kreditiranj'] },
    reverseCharge: { term: 'prijenos porezne obveze', synonyms: ['obrnut\\p{L}* (?:porez|naplat|obra)', 'samooporez'] },
    vatId: { term: 'PDV identifikacijski broj', synonyms: ['OIB', 'PDV broj', 'porezni broj', 'PDV ID'] },
    listPrice: {
      term: 'preporučena cijena',
      synonyms: ['cjenovn\\p{L}* cijen', 'katalošk\\p{L}* cijen', 'cjenik\\p{L}* cijen', 'osnovn\\p{L}* cijen'],
    },
    dealer: { term: 'trgovac', synonyms: ['zastupni', 'prodavač', 'distributer', 'diler'] },
    orderEdit: { term: 'izmjena narudžbe', synonyms: ['promjen\\p{L}* narudžb', 'uređivanj\\p{L}* narudžb'] },
    storeCredit: { term: 'kredit u trgovini', synonyms: ['novčanik', 'saldo', 'bon(?:a|u|om)?'] },
    whistleblower: { term: 'prijavitelj nepravilnosti', synonyms: ['zviždač', 'uzbunjivač'] },
    caseCode: { term: 'kôd predmeta', synonyms: ['k[oô]d slučaja', 'šifr\\p{L}* predmeta', 'broj predmeta'] },
    axe: { term: 'sjekira', synonyms: ['sjekiric', 'topor'] },
    bid: { term: 'ponuda', synonyms: ['ulog', 'licitacijsk\\p{L}* iznos'] },
  },
  sl: {
    deposit: { term: 'rezervacijski polog', synonyms: ['ar[aeo]', 'akontacij', 'predplačil', 'varščin', 'kavcij'] },
    downPayment: { term: 'lastna udeležba', synonyms: ['začetn\\p{L}* plačil', 'prvi obrok', 'polog pri financ'] },
    remaining: { term: 'doplačilo', synonyms: ['preostal\\p{L}* znes', 'preostan\\p{L}* plačil', 'ostanek'] },
    financing: { term: 'financiranje', synonyms: ['kreditiranj'] },
    reverseCharge: { term: 'obrnjena davčna obveznost', synonyms: ['obrnjen\\p{L}* obdavč', 'samoobdavč'] },
    vatId: { term: 'identifikacijska številka za DDV', synonyms: ['davčn\\p{L}* številk', 'ID za DDV', 'DDV številk'] },
    listPrice: {
      term: 'cenikovna cena',
      synonyms: ['katalošk\\p{L}* cen', 'priporočen\\p{L}* cen', 'maloprodajn\\p{L}* cen'],
    },
    dealer: { term: 'prodajalec', synonyms: ['trgov(?:ec|ca|cu|cem|ci|cev)', 'zastopnik', 'distributer', 'diler'] },
    orderEdit: { term: 'sprememba naročila', synonyms: ['urejanj\\p{L}* naročil', 'popravek naročil'] },
    storeCredit: { term: 'dobroimetje v trgovini', synonyms: ['denarnic', 'kredit'] },
    whistleblower: { term: 'prijavitelj', synonyms: ['žvižgač'] },
    caseCode: { term: 'koda primera', synonyms: ['kod\\p{L}* zadeve', 'šifr\\p{L}* primera'] },
    axe: { term: 'sekira', synonyms: ['sekiric'] },
    bid: { term: 'ponudba', synonyms: ['stav(?:a|e|o|i)', 'licitacij'] },
  },
  lv: {
    deposit: { term: 'depozīts', synonyms: ['avans', 'drošības naud', 'rokasnaud', 'rezervācijas maks'] },
    downPayment: { term: 'pirmā iemaksa', synonyms: ['sākuma iemaks', 'avans'] },
    remaining: { term: 'atlikušais maksājums', synonyms: ['galamaksājum', 'piemaks', 'atlikum'] },
    financing: { term: 'finansējums', synonyms: ['kreditēšan', 'līzing', 'finansēšan'] },
    reverseCharge: {
      term: 'apgrieztā maksāšana',
      synonyms: ['revers', 'apgriezt\\p{L}* PVN', 'apgriezt\\p{L}* nodok'],
    },
    vatId: {
      term: 'PVN maksātāja numurs',
      synonyms: ['PVN numur', 'PVN reģistrācijas numur', 'nodokļu maksātāja numur'],
    },
    listPrice: {
      term: 'cenrāža cena',
      synonyms: ['katalog\\p{L}* cen', 'saraksta cen', 'ieteicam\\p{L}* cen', 'mazumtirdzniecības cen'],
    },
    dealer: { term: 'dīleris', synonyms: ['izplatītāj', 'tirgotāj', 'pārdevēj'] },
    orderEdit: {
      term: 'pasūtījuma izmaiņas',
      synonyms: ['pasūtījuma labošan', 'pasūtījuma rediģēšan', 'pasūtījuma maiņ'],
    },
    storeCredit: { term: 'veikala kredīts', synonyms: ['maciņ', 'veikala bilanc', 'veikala atlikum'] },
    whistleblower: { term: 'trauksmes cēlējs', synonyms: ['ziņotāj'] },
    caseCode: { term: 'lietas kods', synonyms: ['gadījuma kod', 'lietas numur', 'ziņojuma kod'] },
    axe: { term: 'cirvis', synonyms: ['cirvīt'] },
    bid: { term: 'solījums', synonyms: ['likm', 'piedāvājum', 'solīt\\p{L}* summ'] },
  },
  tr: {
    deposit: { term: 'kapora', synonyms: ['ön ödeme', 'depozito', 'avans'] },
    downPayment: { term: 'peşinat', synonyms: ['peşin ödeme', 'ilk ödeme'] },
    remaining: { term: 'kalan ödeme', synonyms: ['bakiye ödeme', 'kalan tutar', 'kalan bakiye'] },
    financing: { term: 'finansman', synonyms: ['kredi(?:li|yle)? ', 'taksitlendirme'] },
    reverseCharge: {
      term: 'tersine vergilendirme',
      synonyms: ['ters ibraz', 'sorumlu sıfatıyla', 'tevkifat', 'ters vergilendirme', 'tersine ibraz'],
    },
    vatId: { term: 'KDV numarası', synonyms: ['vergi numara', 'vergi kimlik', 'KDV kimlik', 'KDV no'] },
    listPrice: { term: 'liste fiyatı', synonyms: ['katalog fiyat', 'etiket fiyat', 'tavsiye edilen fiyat'] },
    dealer: { term: 'bayi', synonyms: ['satıcı', 'distribütör', 'yetkili servis'] },
    orderEdit: { term: 'sipariş değişikliği', synonyms: ['sipariş düzenle', 'sipariş güncelle'] },
    storeCredit: { term: 'mağaza bakiyesi', synonyms: ['cüzdan', 'mağaza kredi'] },
    whistleblower: { term: 'ihbarcı', synonyms: ['muhbir', 'bildirimde bulunan', 'bildiren kişi'] },
    caseCode: { term: 'vaka kodu', synonyms: ['dosya kod', 'olay kod', 'takip kod', 'vaka numara'] },
    axe: { term: 'balta', synonyms: [] },
    bid: { term: 'teklif', synonyms: ['pey', 'artırım'] },
  },
  pl: {
    deposit: { term: 'zaliczka', synonyms: ['zadat', 'depozyt', 'kaucj', 'przedpłat'] },
    downPayment: {
      term: 'wpłata własna',
      synonyms: ['wkład\\p{L}* własn', 'wpłat\\p{L}* początkow', 'opłat\\p{L}* wstępn'],
    },
    remaining: {
      term: 'dopłata',
      synonyms: ['pozostał\\p{L}* kwot', 'reszt\\p{L}* płatności', 'pozostał\\p{L}* płatnoś'],
    },
    financing: { term: 'finansowanie', synonyms: ['kredytowani', 'leasing'] },
    reverseCharge: { term: 'odwrotne obciążenie', synonyms: ['odwrócon\\p{L}* obciąż', 'odwrotn\\p{L}* opodatk'] },
    vatId: { term: 'numer VAT UE', synonyms: ['NIP', 'numer identyfikacji podatkowej', 'numer VAT(?! UE)'] },
    listPrice: {
      term: 'cena katalogowa',
      synonyms: ['cen\\p{L}* cennikow', 'cen\\p{L}* bazow', 'cen\\p{L}* sugerowan'],
    },
    dealer: { term: 'dealer', synonyms: ['diler', 'dystrybutor', 'sprzedawc', 'salon\\p{L}* (?:dealer|sprzeda)'] },
    orderEdit: {
      term: 'zmiana zamówienia',
      synonyms: ['edycj\\p{L}* zamówie', 'korekt\\p{L}* zamówie', 'modyfikacj\\p{L}* zamówie'],
    },
    storeCredit: { term: 'saldo w sklepie', synonyms: ['portfel', 'kredyt\\p{L}* sklepow', 'środk\\p{L}* w sklepie'] },
    whistleblower: { term: 'sygnalista', synonyms: ['zgłaszając', 'informator'] },
    caseCode: { term: 'kod sprawy', synonyms: ['kod\\p{L}* zgłoszenia', 'numer\\p{L}* sprawy'] },
    axe: { term: 'siekiera', synonyms: ['top[oó]r', 'toporek', 'siekierk'] },
    bid: { term: 'oferta', synonyms: ['stawk', 'postąpieni'] },
  },
  ro: {
    deposit: { term: 'plată de rezervare', synonyms: ['acont', 'depozit', 'garanți\\p{L}* de rezerv', 'arvun'] },
    downPayment: { term: 'avans', synonyms: ['plat\\p{L}* inițial', 'aport\\p{L}* propriu'] },
    remaining: { term: 'plata restului', synonyms: ['rest\\p{L}* de plată', 'sum\\p{L}* rămas', 'sold\\p{L}* rămas'] },
    financing: { term: 'finanțare', synonyms: ['creditare'] },
    reverseCharge: { term: 'taxare inversă', synonyms: ['autolichidare', 'tax\\p{L}* invers\\p{L}* a TVA'] },
    vatId: { term: 'cod de TVA', synonyms: ['cod fiscal', 'CUI', 'număr\\p{L}* de TVA', 'cod\\p{L}* de înregistrare'] },
    listPrice: { term: 'preț de listă', synonyms: ['preț\\p{L}* de catalog', 'preț\\p{L}* recomandat'] },
    dealer: { term: 'dealer', synonyms: ['reprezentanț', 'distribuitor', 'vânzător', 'concesionar'] },
    orderEdit: { term: 'modificarea comenzii', synonyms: ['editar\\p{L}* comenzii', 'ajustar\\p{L}* comenzii'] },
    storeCredit: { term: 'credit în magazin', synonyms: ['portofel', 'sold\\p{L}* în magazin'] },
    whistleblower: { term: 'avertizor', synonyms: ['denunțător', 'semnalant', 'raportor'] },
    caseCode: { term: 'codul cazului', synonyms: ['cod\\p{L}* dosarului', 'cod\\p{L}* de urmărire'] },
    axe: { term: 'topor', synonyms: ['secur(?:e|ea|i|ile|ii)', 'bard'] },
    bid: { term: 'ofertă', synonyms: ['pariu', 'miz[aă]'] },
  },
  hu: {
    deposit: { term: 'foglaló', synonyms: ['előleg', 'kaució', 'letét'] },
    downPayment: { term: 'önerő', synonyms: ['kezdőrészlet', 'kezdő befizet', 'előleg'] },
    remaining: { term: 'hátralék', synonyms: ['fennmaradó összeg', 'maradék', 'hátralévő összeg'] },
    financing: { term: 'finanszírozás', synonyms: ['hitel', 'részletfizet'] },
    reverseCharge: { term: 'fordított adózás', synonyms: ['fordított áfa', 'fordított ÁFA'] },
    vatId: { term: 'közösségi adószám', synonyms: ['(?<!közösségi )adószám', 'áfa-szám', 'ÁFA-szám', 'uniós adószám'] },
    listPrice: { term: 'listaár', synonyms: ['katalógusár', 'ajánlott ár', 'alapár'] },
    dealer: {
      term: 'márkakereskedő',
      synonyms: ['(?<!márka)kereskedő', 'forgalmazó', 'viszonteladó', 'márkaképviselet', 'díler'],
    },
    orderEdit: {
      term: 'rendelésmódosítás',
      synonyms: ['rendelés módosítás', 'rendelésszerkeszt', 'rendelés szerkeszt'],
    },
    storeCredit: { term: 'áruházi egyenleg', synonyms: ['pénztárc', 'bolti jóváírás', 'kredit', 'webshop-egyenleg'] },
    whistleblower: { term: 'bejelentő', synonyms: ['informátor', 'visszaélés-jelentő'] },
    caseCode: { term: 'ügyazonosító', synonyms: ['ügykód', 'esetkód', 'ügyszám'] },
    axe: { term: 'fejsze', synonyms: ['balt[aá]'] },
    bid: { term: 'licit', synonyms: ['ajánlat', '(?<!\\p{L})tét'] },
  },
};

const dir = join(import.meta.dirname, '../packages/i18n/catalogs');
const langs = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(SYNONYMS);
for (const lang of langs) {
  const catalog = JSON.parse(readFileSync(join(dir, `${lang}.json`), 'utf8')) as Record<string, string>;
  for (const [concept, { term, synonyms }] of Object.entries(SYNONYMS[lang] ?? {})) {
    for (const synonym of synonyms) {
      const pattern = new RegExp(`(?<![\\p{L}{])(?:${synonym})`, 'iu');
      const hits = Object.entries(catalog).filter(([, v]) => pattern.test(v));
      if (!hits.length) continue;
      console.log(`${lang} ${concept} (${term}) ≠ /${synonym}/: ${hits.length}`);
      for (const [key, value] of hits) console.log(`  ${key}: ${value}`);
    }
  }
}
