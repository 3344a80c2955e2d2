import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type PDFKitDocument from 'pdfkit';
import { onDemand } from './on-demand.ts';

// PDFs drawn with pdfkit: technical documents and invoices. A4 with the brand header, a footer line and page numbers
// on every page. Text that Windows-1252 covers is drawn in pdfkit's built-in Helvetica (nothing embedded); any other
// text (Polish, Czech, Greek, Russian names and words…) in DejaVu Sans, embedded as a subset (`unicode: true`).

const BRAND = 'STARK FUTURE';
const INK = '#111111';
const MUTED = '#5f5f5f';
const RULE = '#d4d4d4';
const SHADE = '#f0f0f0';
const HELVETICA = { regular: 'Helvetica', bold: 'Helvetica-Bold' };
const DEJAVU = { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold' };

let dejavuFiles: { regular: Buffer; bold: Buffer } | null = null;
/** The DejaVu Sans files (the `dejavu-fonts-ttf` package), read once. */
function dejavu() {
  if (!dejavuFiles) {
    const require = createRequire(import.meta.url);
    const read = (name: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}`));
    dejavuFiles = { regular: read('DejaVuSans.ttf'), bold: read('DejaVuSans-Bold.ttf') };
  }
  return dejavuFiles;
}

/** Whether Helvetica (Windows-1252) can draw every one of these texts as they are. */
export function fitsBuiltinFont(...texts: string[]): boolean {
  return texts.every((text) => printable(text) === text);
}
const MARGIN = { top: 78, bottom: 66, left: 56, right: 56 };
const BODY_SIZE = 10;
const TABLE_SIZE = 9;
const CELL_PAD = 5;

export interface PdfOptions {
  /** The document's title (shown by viewers in their title bar). */
  title: string;
  subject?: string;
  keywords?: string[];
  /** Printed at the right of the brand header on every page, e.g. a document number. */
  headerNote?: string;
  /** Printed at the left of the footer on every page; the page number is at the right. */
  footer: string;
  /** Deflate the page streams (default true); tests turn it off to read the text. */
  compress?: boolean;
  /** Also the creation date in the document's metadata; now by default. */
  date?: Date;
  /** The footer's page number in the document's language; `Page n of N` by default. */
  pageLabel?: (page: number, pages: number) => string;
  /** Draw in an embedded Unicode font (DejaVu Sans): for text beyond Windows-1252. Helvetica by default. */
  unicode?: boolean;
}

export type Align = 'left' | 'right' | 'center';

export interface PdfTable {
  columns: string[];
  rows: string[][];
  /** Per column; `right` suits amounts. Left by default. */
  align?: Align[];
}

/** Draws the flowing body of a PDF; page breaks, header, footer and page numbers are taken care of. */
export interface PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  /** The document title, large, with lines of smaller text under it. */
  title(text: string, lines?: string[]): void;
  /** A section heading, on a new page unless `keepWith` points of what follows fit under it (3 lines by default). */
  heading(text: string, keepWith?: number): void;
  paragraph(text: string): void;
  bullets(items: string[]): void;
  /** A numbered list. */
  steps(items: string[]): void;
  /** A table with a shaded header row, repeated on each page the table runs onto. */
  table(table: PdfTable): void;
}

// Characters the built-in fonts cannot draw, replaced by what they can.
const SUBSTITUTES: Record<string, string> = {
  '≤': '<=',
  '≥': '>=',
  '≈': '~',
  '→': '->',
  '←': '<-',
  '−': '-',
  '\u2011': '-',
  // Narrow no-break space (French thousands): a no-break space, so amounts stay on one line.
  '\u202f': '\u00a0',
  '✓': 'x',
  // Letters with a stroke do not decompose.
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ı: 'i',
};
// Windows-1252 beyond Latin-1.
const CP1252 = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** `text` with every character the built-in fonts cannot draw replaced (by a look-alike, else `?`). */
export function printable(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252.has(ch) || ch === '\n') {
      out += ch;
    } else {
      out +=
        SUBSTITUTES[ch] ??
        ch
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .replace(/[^\x20-\x7e]/g, '?');
    }
  }
  return out;
}

/** Column widths that fill `total`: as wide as their text where that fits, else shared beyond the longest word. */
function columnWidths(
  doc: PDFKit.PDFDocument,
  table: PdfTable,
  total: number,
  fonts: { regular: string; bold: string },
  shown: (s: string) => string,
): number[] {
  const natural: number[] = [];
  const minimal: number[] = [];
  table.columns.forEach((header, i) => {
    const cells = [header, ...table.rows.map((r) => r[i] ?? '')].map(shown);
    const width = (font: string, s: string) => doc.font(font).fontSize(TABLE_SIZE).widthOfString(s);
    const widest = (pick: (s: string) => string[]) =>
      Math.max(
        ...cells.flatMap((s, row) => pick(s).map((part) => width(row === 0 ? fonts.bold : fonts.regular, part))),
      );
    natural.push(widest((s) => s.split('\n')) + 2 * CELL_PAD);
    // Words break at spaces only: a no-break space (amounts such as `15.428,00 €`) keeps its word whole.
    minimal.push(Math.min(widest((s) => s.split(/[ \t\n]+/)) + 2 * CELL_PAD, total / table.columns.length));
  });
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  if (sum(natural) <= total) return natural.map((w) => (w * total) / sum(natural));
  const spare = total - sum(minimal);
  const wanted = sum(natural) - sum(minimal);
  return minimal.map((m, i) => m + (spare * ((natural[i] ?? m) - m)) / (wanted || 1));
}

const pdfkit = onDemand(async () => (await import('pdfkit')).default);

/**
 * Renders a PDF: `draw` writes the body, then each page gets the header, the footer and "Page n of N". pdfkit (with
 * fontkit and its font tables, ~2 MB of code) is loaded on the first PDF, not at start (decision 006).
 */
export async function renderPdf(options: PdfOptions, draw: (pdf: PdfWriter) => void): Promise<Buffer> {
  return drawPdf(await pdfkit(), options, draw);
}

function drawPdf(
  PDFDocument: typeof PDFKitDocument,
  options: PdfOptions,
  draw: (pdf: PdfWriter) => void,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    compress: options.compress ?? true,
    displayTitle: true,
    lang: 'en',
    info: {
      Title: options.unicode ? options.title : printable(options.title),
      Author: 'Stark Future',
      Creator: 'Stark Future storefront',
      ...(options.subject ? { Subject: options.unicode ? options.subject : printable(options.subject) } : {}),
      ...(options.keywords
        ? { Keywords: options.unicode ? options.keywords.join(', ') : printable(options.keywords.join(', ')) }
        : {}),
      CreationDate: options.date ?? new Date(),
    },
  });
  const fonts = options.unicode ? DEJAVU : HELVETICA;
  if (options.unicode) {
    const files = dejavu();
    doc.registerFont(DEJAVU.regular, files.regular);
    doc.registerFont(DEJAVU.bold, files.bold);
  }
  const FONT = fonts.regular;
  const BOLD = fonts.bold;
  /** The text as the chosen font can draw it: unchanged in DejaVu, look-alikes for Helvetica. */
  const shown = options.unicode ? (s: string) => s.replace(/\u202f/g, '\u00a0') : printable;
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = MARGIN.left;
  const width = () => doc.page.width - MARGIN.left - MARGIN.right;
  const bottom = () => doc.page.height - MARGIN.bottom;
  /** Starts a new page unless `height` points still fit on this one. */
  const keep = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const body = () => doc.font(FONT).fontSize(BODY_SIZE).fillColor(INK);

  function list(items: string[], marker: (i: number) => string) {
    const indent = 18;
    body();
    for (const [i, item] of items.entries()) {
      keep(doc.currentLineHeight(true) * 2);
      const y = doc.y;
      doc.text(marker(i), left, y, { width: indent, lineBreak: false });
      doc.text(shown(item), left + indent, y, { width: width() - indent, lineGap: 2 });
      doc.moveDown(0.3);
    }
    doc.x = left;
    doc.moveDown(0.4);
  }

  function table(t: PdfTable) {
    const widths = columnWidths(doc, t, width(), fonts, shown);
    const cellHeight = (cells: string[], font: string) =>
      Math.max(
        ...cells.map(
          (c, i) =>
            doc
              .font(font)
              .fontSize(TABLE_SIZE)
              .heightOfString(shown(c), { width: (widths[i] ?? 0) - 2 * CELL_PAD }) +
            2 * CELL_PAD,
        ),
      );
    const drawRow = (cells: string[], font: string, shade: boolean) => {
      const height = cellHeight(cells, font);
      const y = doc.y;
      if (shade) doc.rect(left, y, width(), height).fill(SHADE);
      let x = left;
      cells.forEach((cell, i) => {
        const w = widths[i] ?? 0;
        doc
          .font(font)
          .fontSize(TABLE_SIZE)
          .fillColor(INK)
          .text(shown(cell), x + CELL_PAD, y + CELL_PAD, {
            width: w - 2 * CELL_PAD,
            align: t.align?.[i] ?? 'left',
          });
        x += w;
      });
      doc
        .moveTo(left, y + height)
        .lineTo(left + width(), y + height)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
      doc.x = left;
      doc.y = y + height;
    };
    const header = () => drawRow(t.columns, BOLD, true);
    keep(cellHeight(t.columns, BOLD) + cellHeight(t.rows[0] ?? [], FONT));
    header();
    for (const row of t.rows) {
      const cells = t.columns.map((_, i) => row[i] ?? '');
      if (doc.y + cellHeight(cells, FONT) > bottom()) {
        doc.addPage();
        header();
      }
      drawRow(cells, FONT, false);
    }
    doc.moveDown(1);
  }

  const writer: PdfWriter = {
    doc,
    title(text, lines = []) {
      doc.font(BOLD).fontSize(22).fillColor(INK).text(shown(text), left, doc.y, { width: width() });
      doc.moveDown(0.3);
      for (const line of lines) doc.font(FONT).fontSize(11).fillColor(MUTED).text(shown(line), { width: width() });
      doc.moveDown(1.2);
    },
    heading(text, keepWith = 40) {
      keep(30 + keepWith);
      doc.moveDown(0.4);
      doc.font(BOLD).fontSize(13).fillColor(INK).text(shown(text), left, doc.y, { width: width() });
      doc.moveDown(0.4);
    },
    paragraph(text) {
      body().text(shown(text), left, doc.y, { width: width(), lineGap: 2 });
      doc.moveDown(0.6);
    },
    bullets: (items) => list(items, () => '•'),
    steps: (items) => list(items, (i) => `${i + 1}.`),
    table,
  };
  draw(writer);

  // Header and footer on every page, outside the margins (which are lifted meanwhile so pdfkit adds no page).
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const margins = doc.page.margins;
    doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
    const right = doc.page.width - MARGIN.right;
    doc.font(BOLD).fontSize(12).fillColor(INK).text(BRAND, left, 38, { characterSpacing: 2.5, lineBreak: false });
    if (options.headerNote) {
      doc
        .font(FONT)
        .fontSize(9)
        .fillColor(MUTED)
        .text(shown(options.headerNote), left, 40, { width: right - left, align: 'right', lineBreak: false });
    }
    doc.moveTo(left, 58).lineTo(right, 58).lineWidth(0.75).strokeColor(INK).stroke();
    const footerY = doc.page.height - 46;
    doc
      .moveTo(left, footerY - 8)
      .lineTo(right, footerY - 8)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    const pageLabel = shown(options.pageLabel?.(i - start + 1, count) ?? `Page ${i - start + 1} of ${count}`);
    doc.font(FONT).fontSize(8).fillColor(MUTED);
    const labelWidth = doc.widthOfString(pageLabel);
    doc.text(shown(options.footer), left, footerY, {
      width: right - left - labelWidth - 12,
      lineBreak: false,
      ellipsis: true,
    });
    doc.text(pageLabel, right - labelWidth, footerY, { lineBreak: false });
    doc.page.margins = margins;
  }
  doc.end();
  return done;
}
