import { describe, expect, it } from 'vitest';
import { keysForText } from './matching.ts';

describe('translator mode: from a shown text to its key', () => {
  const messages = {
    nav_home: 'Home',
    home_title: 'Electric. Lighter. Stronger.',
    model_discover: 'Discover the {{model}}',
    footer_copyright: '© {{year}} Stark Future S.L. All rights reserved.',
    other: 'Discover',
  };

  it('finds exact texts, whatever the white space', () => {
    expect(keysForText(messages, '  Electric.\n Lighter.  Stronger. ')).toEqual(['home_title']);
  });

  it('finds texts with placeholders filled in', () => {
    expect(keysForText(messages, 'Discover the VARG EX')).toEqual(['model_discover']);
    expect(keysForText(messages, '© 2026 Stark Future S.L. All rights reserved.')).toEqual(['footer_copyright']);
  });

  it('finds nothing for text that is not from the catalog', () => {
    expect(keysForText(messages, 'VARG EX')).toEqual([]);
    expect(keysForText(messages, '')).toEqual([]);
  });
});
