import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CATALOGS, SOURCE_LANGUAGE } from '@varg/i18n/server';
import type { Plugin } from 'vite';
import { MESSAGE_AREAS_FILE, messageAreasJson, scanMessageAreas } from '../server/message-areas.ts';

/**
 * Writes `build/message-areas.json` (beside the served `build/client`, never served itself): which messages script
 * brings each catalog key to the browser, from the scan of the web app's sources (decision 067). The scan takes ~0.5 s;
 * done here, the server only reads its result at start.
 */
export function messageAreasFile(): Plugin {
  return {
    name: 'varg-message-areas',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(options) {
      const keys = Object.keys(CATALOGS[SOURCE_LANGUAGE]);
      const target = join(options.dir as string, '..', MESSAGE_AREAS_FILE);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, `${JSON.stringify(messageAreasJson(scanMessageAreas(keys), keys), null, 1)}\n`);
    },
  };
}
