import { describe, expect, it } from 'vitest';
import { blocksOf } from './document.tsx';

describe('legal document text', () => {
  it('reads headings, lists and paragraphs with their line breaks', () => {
    expect(
      blocksOf('Stark Future S.L.\nBarcelona\n\n## 1. Orders\nYour order is an offer.\n\n- one\n- two\r\n\r\nLast.'),
    ).toEqual([
      { kind: 'paragraph', lines: ['Stark Future S.L.', 'Barcelona'] },
      { kind: 'heading', text: '1. Orders' },
      { kind: 'paragraph', lines: ['Your order is an offer.'] },
      { kind: 'list', items: ['one', 'two'] },
      { kind: 'paragraph', lines: ['Last.'] },
    ]);
  });
});
