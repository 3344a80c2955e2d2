import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localStorage, memoryStorage } from './local.ts';

describe.each([
  ['local folder', () => localStorage(mkdtempSync(join(tmpdir(), 'varg-storage-')))],
  ['memory', () => memoryStorage()],
])('storage: %s', (_name, make) => {
  it('keeps a file with its content type until it is deleted', async () => {
    const storage = make();
    await storage.put('cv/abc-1', Buffer.from('%PDF-1.7 x'), 'application/pdf');
    expect(await storage.get('cv/abc-1')).toEqual({ body: Buffer.from('%PDF-1.7 x'), contentType: 'application/pdf' });
    await storage.delete('cv/abc-1');
    expect(await storage.get('cv/abc-1')).toBeNull();
  });

  it.each(['../etc/passwd', 'cv/../../x', '/abs', 'cv//x', 'a b'])('refuses the key %s', async (key) => {
    await expect(make().put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow('bad storage key');
  });
});
