import type { Db } from '../client.ts';
import { legalDocuments } from '../schema/content.ts';

// The shop's first legal documents (decision 047): version 1 of each, for every market (`*`). They are sensible
// defaults written for the demo from the maker's public facts; the legal entity replaces them in the back office
// (/admin/legal) before launch, and every replacement is a new version.

const SELLER = 'Stark Future S.L., C/ de Pere IV 29, 08018 Barcelona, Spain (VAT ESB66000000)';

type Doc = { kind: 'sale' | 'privacy' | 'cookies' | 'imprint'; lang: string; title: string; body: string };

export const LEGAL_DOCUMENTS: readonly Doc[] = [
  {
    kind: 'sale',
    lang: 'en-us',
    title: 'Terms of sale',
    body: `These terms apply to every order placed in this shop with ${SELLER}.

## 1. Orders and contract
Your order is an offer to buy. The contract is made when we confirm the order by email. For a configured bike the confirmation names the configuration, the price and the expected delivery window; for a stock bike, its VIN.

## 2. Prices and taxes
Prices are shown in the currency of your market. In the European Union and the United Kingdom they include VAT at your country's rate; in the United States sales tax is added at checkout for your delivery address. Companies with a valid EU VAT id are invoiced without VAT (reverse charge) when the law allows it.

## 3. Deposit, remaining payment and financing
You can pay in full or pay a deposit that reserves your bike. The remaining payment is due before delivery; we remind you by email. An unpaid order past its deadline may be canceled, and a stock bike held for it is offered again. Financing is granted by our lending partner, who decides on your application.

## 4. Delivery
We deliver to your address or to the dealer you choose. The delivery date is an estimate until we confirm it. Risk passes to you when the bike is handed over.

## 5. Right of withdrawal
Consumers in the European Union may withdraw from the contract within 14 days of receiving the goods without giving a reason. Tell us by email at orders@starkfuture.com; we refund every payment, including the standard delivery cost, within 14 days. A bike built to your configuration is made to order: the right of withdrawal does not apply to it where the law excludes goods made to the buyer's specifications.

## 6. Warranty
The legal guarantee of conformity applies. The manufacturer's warranty and any extended warranty bought in this shop are described in the warranty certificate of your vehicle.

## 7. Store credit
Store credit in your account is used automatically at checkout, cannot be exchanged for cash and does not expire while your account exists.

## 8. Law and disputes
The law of Spain applies, without depriving consumers of the protection of the mandatory law of their country of residence. The European Commission's online dispute resolution platform is at https://ec.europa.eu/consumers/odr.`,
  },
  {
    kind: 'sale',
    lang: 'fr',
    title: 'Conditions générales de vente',
    body: `Ces conditions s’appliquent à toute commande passée dans cette boutique auprès de ${SELLER}.

## 1. Commandes et contrat
Votre commande est une offre d’achat. Le contrat est conclu lorsque nous confirmons la commande par e-mail. Pour une moto configurée, la confirmation indique la configuration, le prix et la période de livraison prévue ; pour une moto en stock, son numéro VIN.

## 2. Prix et taxes
Les prix sont indiqués dans la devise de votre marché et comprennent la TVA au taux de votre pays. Les entreprises disposant d’un numéro de TVA intracommunautaire valide sont facturées hors TVA (autoliquidation) lorsque la loi le permet.

## 3. Acompte, solde et financement
Vous pouvez payer la totalité ou verser un acompte qui réserve votre moto. Le solde est dû avant la livraison ; nous vous le rappelons par e-mail. Une commande impayée après son échéance peut être annulée, et une moto en stock réservée pour elle est remise en vente. Le financement est accordé par notre partenaire de crédit, qui décide de votre demande.

## 4. Livraison
Nous livrons à votre adresse ou chez le concessionnaire de votre choix. La date de livraison est une estimation jusqu’à notre confirmation. Les risques vous sont transférés à la remise de la moto.

## 5. Droit de rétractation
Les consommateurs de l’Union européenne peuvent se rétracter dans un délai de 14 jours à compter de la réception des biens, sans motif. Informez-nous par e-mail à orders@starkfuture.com ; nous remboursons tous les paiements, y compris les frais de livraison standard, sous 14 jours. Une moto construite selon votre configuration est fabriquée sur commande : le droit de rétractation ne s’applique pas lorsque la loi exclut les biens confectionnés selon les spécifications de l’acheteur.

## 6. Garantie
La garantie légale de conformité s’applique. La garantie du constructeur et toute extension de garantie achetée dans cette boutique sont décrites dans le certificat de garantie de votre véhicule.

## 7. Avoir
L’avoir de votre compte est utilisé automatiquement lors du paiement, ne peut pas être échangé contre de l’argent et n’expire pas tant que votre compte existe.

## 8. Droit applicable et litiges
Le droit espagnol s’applique, sans priver les consommateurs de la protection des dispositions impératives du droit de leur pays de résidence. La plateforme européenne de règlement en ligne des litiges se trouve à l’adresse https://ec.europa.eu/consumers/odr.`,
  },
  {
    kind: 'sale',
    lang: 'de',
    title: 'Allgemeine Verkaufsbedingungen',
    body: `Diese Bedingungen gelten für jede Bestellung in diesem Shop bei ${SELLER}.

## 1. Bestellung und Vertrag
Ihre Bestellung ist ein Angebot zum Kauf. Der Vertrag kommt zustande, wenn wir die Bestellung per E-Mail bestätigen. Bei einem konfigurierten Motorrad nennt die Bestätigung Konfiguration, Preis und voraussichtlichen Lieferzeitraum, bei einem Lagermotorrad dessen Fahrgestellnummer.

## 2. Preise und Steuern
Die Preise gelten in der Währung Ihres Marktes und enthalten die Mehrwertsteuer Ihres Landes. Unternehmen mit gültiger EU-USt-IdNr. erhalten, soweit gesetzlich zulässig, eine Rechnung ohne Mehrwertsteuer (Steuerschuldnerschaft des Leistungsempfängers).

## 3. Anzahlung, Restzahlung und Finanzierung
Sie können den vollen Betrag zahlen oder eine Anzahlung leisten, die Ihr Motorrad reserviert. Die Restzahlung ist vor der Lieferung fällig; wir erinnern Sie per E-Mail daran. Eine nach Ablauf der Frist unbezahlte Bestellung kann storniert werden, und ein dafür reserviertes Lagermotorrad wird wieder angeboten. Finanzierungen gewährt unser Kreditpartner, der über Ihren Antrag entscheidet.

## 4. Lieferung
Wir liefern an Ihre Adresse oder zum Händler Ihrer Wahl. Der Liefertermin ist eine Schätzung, bis wir ihn bestätigen. Die Gefahr geht mit der Übergabe des Motorrads auf Sie über.

## 5. Widerrufsrecht
Verbraucher in der Europäischen Union können den Vertrag innerhalb von 14 Tagen nach Erhalt der Ware ohne Angabe von Gründen widerrufen. Teilen Sie uns dies per E-Mail an orders@starkfuture.com mit; wir erstatten alle Zahlungen einschließlich der Standardlieferkosten innerhalb von 14 Tagen. Ein nach Ihrer Konfiguration gebautes Motorrad wird auf Bestellung gefertigt: Das Widerrufsrecht gilt dafür nicht, soweit das Gesetz nach Kundenspezifikation angefertigte Waren ausnimmt.

## 6. Gewährleistung
Es gilt die gesetzliche Gewährleistung. Die Herstellergarantie und eine in diesem Shop gekaufte Garantieverlängerung sind im Garantiezertifikat Ihres Fahrzeugs beschrieben.

## 7. Guthaben
Guthaben in Ihrem Konto wird an der Kasse automatisch verrechnet, kann nicht ausgezahlt werden und verfällt nicht, solange Ihr Konto besteht.

## 8. Recht und Streitigkeiten
Es gilt spanisches Recht; Verbrauchern bleibt der Schutz der zwingenden Vorschriften ihres Wohnsitzlandes erhalten. Die Plattform der EU-Kommission zur Online-Streitbeilegung finden Sie unter https://ec.europa.eu/consumers/odr.`,
  },
  {
    kind: 'privacy',
    lang: 'en-us',
    title: 'Privacy policy',
    body: `The controller of your personal data is ${SELLER}. You can reach our data protection contact at privacy@starkfuture.com.

## What we collect and why
- Your account (name, email address, phone, country and language) to let you sign in and manage your orders (contract).
- Orders, addresses, billing details and payments to sell, deliver and invoice your bike or parts (contract; tax law).
- Test-ride requests and messages to you from a dealer, shared with the dealer you choose (your request).
- The newsletter, only with your consent, which you can withdraw with the link in every issue.
- Card details are entered with our payment provider Stripe and never reach our servers; we keep only the card brand, its last four digits and expiration date.

## Who receives it
Our payment provider, our lending partner when you apply for financing, the dealer who delivers your bike, carriers for parts, and our hosting and email providers, each under a data processing agreement. Transfers outside the European Economic Area rely on the European Commission's standard contractual clauses.

## How long we keep it
Orders and invoices for the period tax law requires (currently 6 years in Spain); your account while it exists; test-ride requests for 2 years.

## Your rights
You may ask for access, correction, erasure, restriction, portability, and object to processing, by writing to privacy@starkfuture.com. You may complain to your data protection authority; ours is the Agencia Española de Protección de Datos.`,
  },
  {
    kind: 'cookies',
    lang: 'en-us',
    title: 'Cookie policy',
    body: `This shop uses cookies and similar storage in your browser.

## Necessary
They keep you signed in, remember your cart, your country and language, and protect forms against abuse. The shop cannot work without them, so they do not need your consent.

## Analytics
With your consent, page views are sent to our tag manager to measure which pages help buyers. Without your consent nothing is sent. You can change your choice at any time with "Cookie settings" at the bottom of every page.`,
  },
  {
    kind: 'imprint',
    lang: 'en-us',
    title: 'Legal notice',
    body: `Stark Future S.L.
C/ de Pere IV 29, 08018 Barcelona, Spain
VAT ESB66000000
Email: orders@starkfuture.com

## Registration
Registered in the Registro Mercantil de Barcelona.

## Responsible for content
The management of Stark Future S.L., at the address above.`,
  },
];

// Words of the English samples changed after databases were seeded with them (American spelling: "cancelled",
// "e-mail", card "expiry"). A database seeded before still holds a sample, so the sample check reads both texts in
// today's wording.
const REWORDED: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bcancelled\b/g, 'canceled'],
  [/\b([Ee])-mail/g, '$1mail'],
  [/\bexpiry\b/g, 'expiration date'],
];

/** A document's text as the sample check compares it: trimmed, in the samples' current wording. */
export function sampleWording(body: string): string {
  return REWORDED.reduce((text, [from, to]) => text.replace(from, to), body.trim());
}

/** Version 1 of each document, once: an existing version 1 is left as it is. */
export async function seedLegalDocuments(tx: Pick<Db, 'insert'>): Promise<void> {
  await tx
    .insert(legalDocuments)
    .values(LEGAL_DOCUMENTS.map((doc) => ({ ...doc, country: '*', version: 1 })))
    .onConflictDoNothing();
}
