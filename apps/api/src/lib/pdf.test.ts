import { describe, expect, it } from 'vitest';
import { printable, renderPdf } from './pdf.ts';

/** The text runs of an uncompressed pdfkit PDF (hex strings in TJ arrays). */
const runs = (pdf: Buffer) =>
  [...pdf.toString('latin1').matchAll(/\[([^\]]*)\] TJ/g)].map(([, array = '']) =>
    [...array.matchAll(/<([0-9a-f]*)>/g)].map(([, hex = '']) => Buffer.from(hex, 'hex').toString('latin1')).join(''),
  );

describe('PDF helpers', () => {
  it('keeps what the built-in fonts draw and replaces the rest', () => {
    expect(printable('Größe 42 € – 5 °C · “ok”')).toBe('Größe 42 € – 5 °C · “ok”');
    expect(printable('Łódź ≤ 5 → Škoda')).toBe('Lódz <= 5 -> Škoda');
    expect(printable('Москва')).toBe('??????');
  });

  it('draws the brand header, the footer and "Page n of N" on every page, and repeats a table’s header', async () => {
    const pdf = await renderPdf({ title: 'Test', footer: 'Footer line', headerNote: 'T-1', compress: false }, (w) => {
      w.title('A long table');
      w.table({
        columns: ['Row', 'Amount'],
        rows: Array.from({ length: 120 }, (_, i) => [`Row ${i + 1}`, `${i + 1}.00`]),
        align: ['left', 'right'],
      });
    });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = runs(pdf);
    const pages = text.filter((t) => t === 'STARK FUTURE').length;
    expect(pages).toBeGreaterThan(1);
    expect(text.filter((t) => t === 'Footer line')).toHaveLength(pages);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text.filter((t) => t === 'Amount')).toHaveLength(pages);
    expect(text).toContain('Row 120');
  });
});
