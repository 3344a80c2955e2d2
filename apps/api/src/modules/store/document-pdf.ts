import type { TechnicalDocumentContent } from '@varg/db';
import { messagesFor, SOURCE_LANGUAGE } from '@varg/i18n/server';
import { renderPdf } from '../../lib/pdf.ts';

export interface PrintableDocument {
  name: string;
  code: string;
  model: string | null;
  content: TechnicalDocumentContent;
}

/** The model a document is about, by its English catalog name ("VARG EX"); every model when it has none. */
function modelLabel(model: string | null): string {
  const messages = messagesFor(SOURCE_LANGUAGE);
  if (!model) return `${messages.store_all_models ?? 'All models'} (VARG MX, EX, SM)`;
  return messages[`model_${model.replace(/-/g, '_')}_name`] ?? model;
}

/** A technical document as a PDF: its title, code and model, then its sections (text, lists, tables). English. */
export function technicalDocumentPdf(doc: PrintableDocument): Promise<Buffer> {
  const model = modelLabel(doc.model);
  return renderPdf(
    {
      title: doc.name,
      subject: `${doc.code} · ${model}`,
      keywords: [doc.code, model, 'Stark Future', 'VARG'],
      headerNote: doc.code,
      footer: `${doc.code} · Stark Future S.L. · Check starkfuture.com for the latest edition`,
    },
    (pdf) => {
      pdf.title(doc.name, [`Document ${doc.code}`, `Model: ${model}`]);
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
