import { inflateSync } from 'node:zlib';

const winAnsi = new TextDecoder('windows-1252');

/**
 * The text a PDF draws, one text run a line: pdfkit writes runs of its built-in fonts as Windows-1252 hex strings
 * (split by kerning) in TJ arrays, in deflated content streams.
 */
export function pdfText(pdf: Buffer): string {
  const runs: string[] = [];
  for (const [, data = ''] of pdf.toString('latin1').matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(data, 'latin1')).toString('latin1');
    } catch {
      content = data;
    }
    for (const [, array = ''] of content.matchAll(/\[([^\]]*)\] TJ/g)) {
      runs.push(
        [...array.matchAll(/<([0-9a-f]*)>/g)].map(([, hex]) => winAnsi.decode(Buffer.from(hex ?? '', 'hex'))).join(''),
      );
    }
  }
  return runs.join('\n');
}
