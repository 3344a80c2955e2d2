import type { TechnicalDocumentContent } from '@varg/db';
import { type CatalogLocale, messagesFor, SOURCE_LANGUAGE, t } from '@varg/i18n/server';
import { fitsBuiltinFont, renderPdf } from '../../lib/pdf.ts';

export interface PrintableDocument {
  /** The document's name as the catalog gives it (the page shows the same), else its English name. */
  nameKey: string | null;
  name: string;
  code: string;
  model: string | null;
  content: TechnicalDocumentContent;
}

/** The model a document is about, by its catalog name ("VARG EX"); every model when it has none. */
function modelLabel(locale: CatalogLocale, model: string | null): string {
  if (!model) return `${t(locale, 'store_all_models')} (VARG MX, EX, SM)`;
  const key = `model_${model.replace(/-/g, '_')}_name`;
  return key in messagesFor(locale) ? t(locale, key) : model;
}

/**
 * A technical document as a PDF: its title, code and model in the reader's language, then its sections (text, lists,
 * tables) in English — the technical text is written once, in English, and the PDF says so in another language.
 */
export function technicalDocumentPdf(doc: PrintableDocument, locale: CatalogLocale): Promise<Buffer> {
  const model = modelLabel(locale, doc.model);
  const title = doc.nameKey && doc.nameKey in messagesFor(locale) ? t(locale, doc.nameKey) : doc.name;
  const lang = typeof locale === 'string' ? locale : locale.lang;
  const frame = [
    title,
    model,
    t(locale, 'techdoc_pdf_document', { code: doc.code }),
    t(locale, 'techdoc_pdf_model', { model }),
    t(locale, 'techdoc_pdf_footer', { code: doc.code }),
    t(locale, 'techdoc_pdf_english_note'),
    t(locale, 'store_page_of', { page: 1, total: 1 }),
  ];
  return renderPdf(
    {
      title,
      // Greek, Cyrillic or Central European letters of the frame need the embedded Unicode font.
      unicode: !fitsBuiltinFont(...frame),
      subject: `${doc.code} · ${model}`,
      keywords: [doc.code, model, 'Stark Future', 'VARG'],
      headerNote: doc.code,
      footer: t(locale, 'techdoc_pdf_footer', { code: doc.code }),
      pageLabel: (page, pages) => t(locale, 'store_page_of', { page, total: pages }),
    },
    (pdf) => {
      pdf.title(title, [
        t(locale, 'techdoc_pdf_document', { code: doc.code }),
        t(locale, 'techdoc_pdf_model', { model }),
      ]);
      if (lang !== SOURCE_LANGUAGE) pdf.paragraph(t(locale, 'techdoc_pdf_english_note'));
      for (const section of doc.content.sections) {
        // A short introduction stays on the page of the table it introduces.
        const intro = (section.paragraphs ?? []).join(' ').length;
        pdf.heading(section.heading, section.table && intro < 200 ? 90 : 40);
        for (const text of section.paragraphs ?? []) pdf.paragraph(text);
        if (section.bullets?.length) pdf.bullets(section.bullets);
        if (section.steps?.length) pdf.steps(section.steps);
        if (section.table) pdf.table(section.table);
      }
    },
  );
}
