import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { assertStorageKey, type StorageProvider } from './interface.ts';

/** Files under a folder; each file's content type sits beside it in `<key>.type`. */
export function localStorage(root: string): StorageProvider {
  const path = (key: string) => {
    assertStorageKey(key);
    return join(root, key);
  };
  return {
    name: 'local',
    async put(key, body, contentType) {
      const file = path(key);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(`${file}.type`, contentType);
      await writeFile(file, body);
    },
    async get(key) {
      const file = path(key);
      try {
        const [body, contentType] = await Promise.all([readFile(file), readFile(`${file}.type`, 'utf8')]);
        return { body, contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      const file = path(key);
      await rm(file, { force: true });
      await rm(`${file}.type`, { force: true });
    },
  };
}

/** In memory, for tests and the in-memory database. */
export function memoryStorage(): StorageProvider {
  const files = new Map<string, { body: Buffer; contentType: string }>();
  return {
    name: 'memory',
    async put(key, body, contentType) {
      assertStorageKey(key);
      files.set(key, { body: Buffer.from(body), contentType });
    },
    async get(key) {
      assertStorageKey(key);
      return files.get(key) ?? null;
    },
    async delete(key) {
      files.delete(key);
    },
  };
}
