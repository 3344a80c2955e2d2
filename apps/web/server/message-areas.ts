import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { type MessagesArea, messagesAreaOf } from '../app/lib/messages.ts';

/**
 * Which part of the site shows each catalog key (decision 067): the shop's pages download only the `shop` texts, the
 * back office, the dealer portal and the translator's tool `shop` + `office`, and texts only e-mails and PDFs use
 * (`server`) never reach the browser. Decided by the web build reading the sources (`scanMessageAreas`), which writes
 * the result beside the build (`build/message-areas.json`, `messageAreasOf`); the server reads that file at start:
 * - a web file belongs to the shop when a shop page's route file, the root or a shop layout imports it (statically or
 *   lazily, at any depth), else to the office; the office's entries are the routes `messagesAreaOf` calls office
 *   and the translator's tool, which the root imports lazily for translators only;
 * - a file uses a key when it holds it as a string (`'cart_title'`, also its plural forms `cart_title_one`…); a key
 *   built at run time counts every key its static parts fit: `` `status_${s}` ``, `'status_' + s`;
 * - keys no web file names go to the shop when the API, `@varg/domain` or `@varg/contracts` names them outside its
 *   e-mail and PDF modules (error codes' `t_key`, checkout's notes: the browser shows them), to `server` when only
 *   those modules do, and to the shop when nothing names them (they may come from data: nothing proves otherwise).
 */
export type KeyArea = MessagesArea | 'server';

export interface MessageAreas {
  areaOf(key: string): KeyArea;
  /**
   * The first visit's texts (decision 068, session 15): the shop's keys every shop page's first script carries (those
   * no web file names, or the API and the shared packages name too: data, error codes), and by route id (React
   * Router's: the file without its extension, or the id `routes.ts` gives) the shop's keys its files name, with all
   * they import statically or lazily: the first script of a page is `common` plus the keys of each matched route.
   */
  first: { common: ReadonlySet<string>; routes: ReadonlyMap<string, ReadonlySet<string>> };
  /** Web source files (relative to the repository) by area, for the tests. */
  files: ReadonlyMap<string, MessagesArea>;
  /** The keys each web file uses, for the tests. */
  uses(file: string): ReadonlySet<string>;
}

const repoRoot = resolve(import.meta.dirname, '../../..');
const webApp = join(repoRoot, 'apps/web/app');
/**
 * Outside the web app: where keys that reach the browser through the API can be named. The shared packages' keys
 * (the API's error codes' `t_key`, labels) are the shop's even when an office page names them too: any page can get
 * them from the API.
 */
const OTHER_SOURCES = [
  { dir: 'packages/contracts/src', shared: true },
  { dir: 'packages/domain/src', shared: true },
  { dir: 'apps/api/src', shared: false },
];
/** The API's e-mail and PDF modules: their texts are rendered on the server only. */
const SERVER_ONLY_FILE = /(^|[/-])(emails|pdf)\.ts$/;
/** Plural forms `translate` picks from a key (packages/i18n). */
const PLURALS = ['zero', 'one', 'two', 'few', 'many', 'other'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.(test|spec|d)\.tsx?$|\.fixture\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/** What a source's strings name: whole keys, and patterns for keys built at run time. */
function references(source: string): { literals: Set<string>; patterns: RegExp[] } {
  const literals = new Set<string>();
  const patterns: RegExp[] = [];
  for (const m of source.matchAll(/(['"])([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\1/g)) literals.add(m[2] as string);
  // `'status_' + s`, `key.startsWith('admin_')`: a prefix.
  for (const m of source.matchAll(/(['"])([a-z][a-z0-9]*_(?:[a-z0-9]+_)*)\1/g)) {
    patterns.push(new RegExp(`^${m[2]}`));
  }
  // A template literal with a substitution: its static parts in order, anything between them.
  for (const m of source.matchAll(/`([^`]*\$\{[^`]*)`/g)) {
    const parts = (m[1] as string).split(/\$\{[^}]*\}/);
    if (!parts.every((p) => /^[a-z0-9_]*$/.test(p))) continue;
    if (parts.join('').replaceAll('_', '').length < 3) continue;
    patterns.push(new RegExp(`^${parts.join('[a-z0-9_]*')}$`));
  }
  return { literals, patterns };
}

export function keysNamed(source: string, keys: readonly string[], known: ReadonlySet<string>): Set<string> {
  const { literals, patterns } = references(source);
  const used = new Set<string>();
  for (const literal of literals) {
    if (known.has(literal)) used.add(literal);
    for (const form of PLURALS) if (known.has(`${literal}_${form}`)) used.add(`${literal}_${form}`);
  }
  if (patterns.length) for (const key of keys) if (patterns.some((p) => p.test(key))) used.add(key);
  return used;
}

/** `import … from './x.ts'`, `export … from`, `import('./x.tsx')`: the web app's own files a file imports. */
function imports(file: string, source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\1/g)) {
    const target = resolve(dirname(file), m[2] as string);
    if (target.startsWith(webApp) && /\.tsx?$/.test(target)) found.push(target);
  }
  return found;
}

/**
 * The route files of `routes.ts` with the area of their address and their route id (React Router's: the id given, else
 * the file without its extension); layouts take the area of their first page.
 */
function routeEntries(): Array<{ file: string; area: MessagesArea; id: string }> {
  const config = readFileSync(join(webApp, 'routes.ts'), 'utf8');
  const entries: Array<{ file: string; area: MessagesArea; id: string }> = [];
  let layout: { file: string; id: string; area?: MessagesArea } | undefined;
  const idOf = (file: string, given: string | undefined) => given ?? file.replace(/\.tsx?$/, '');
  for (const m of config.matchAll(
    /\b(route|index|layout)\(\s*(?:'([^']*)',\s*)?'([^']+\.tsx?)'(?:,\s*\{\s*id:\s*'([^']+)')?/g,
  )) {
    const [, kind, path = '', file = '', given] = m;
    if (kind === 'layout') {
      layout = { file, id: idOf(file, given) };
      continue;
    }
    const area = messagesAreaOf(`/${path}`);
    if (layout && !layout.area) {
      layout.area = area;
      entries.push({ file: layout.file, area, id: layout.id });
    }
    entries.push({ file, area, id: idOf(file, given) });
  }
  return entries.map((e) => ({ ...e, file: join(webApp, e.file) }));
}

export function scanMessageAreas(keys: readonly string[]): MessageAreas {
  const known = new Set(keys);
  const web = new Map(sourceFiles(webApp).map((f) => [f, readFileSync(f, 'utf8')]));
  // The translator's tool is an office entry: the root imports it lazily, for translators only.
  const officeEntries = new Set([join(webApp, 'features/translator/translator-tool.tsx')]);
  const shopEntries = [join(webApp, 'root.tsx'), join(webApp, 'entry.client.tsx')];
  const routes = routeEntries();
  for (const { file, area } of routes) {
    if (area === 'office') officeEntries.add(file);
    else shopEntries.push(file);
  }

  const files = new Map<string, MessagesArea>();
  const walk = (from: string[], area: MessagesArea, stopAt: ReadonlySet<string>) => {
    const queue = [...from];
    while (queue.length) {
      const file = queue.pop() as string;
      if (files.has(file) || !web.has(file)) continue;
      files.set(file, area);
      for (const next of imports(file, web.get(file) as string)) if (!stopAt.has(next)) queue.push(next);
    }
  };
  walk(shopEntries, 'shop', officeEntries);
  walk([...officeEntries], 'office', new Set());
  // Files no page imports (server modules the build reaches another way): the shop's, to be safe.
  for (const file of web.keys()) if (!files.has(file)) files.set(file, 'shop');

  const uses = new Map<string, Set<string>>();
  const area = new Map<string, KeyArea>();
  for (const [file, source] of web) {
    const used = keysNamed(source, keys, known);
    uses.set(relative(repoRoot, file), used);
    const fileArea = files.get(file) as MessagesArea;
    for (const key of used) if (fileArea === 'shop' || !area.has(key)) area.set(key, fileArea);
  }
  for (const { dir, shared } of OTHER_SOURCES) {
    for (const file of sourceFiles(join(repoRoot, dir))) {
      const serverOnly = SERVER_ONLY_FILE.test(file);
      for (const key of keysNamed(readFileSync(file, 'utf8'), keys, known)) {
        if (area.get(key) === 'shop' || (area.get(key) === 'office' && !shared)) continue;
        area.set(key, serverOnly && area.get(key) !== 'shop' ? 'server' : 'shop');
      }
    }
  }
  // The first visit's texts: a key only web files name reaches a page's first script when one of the page's files names
  // it; any other shop key (the API's, the shared packages', data's) is in every first script.
  const webNamed = new Set([...uses.values()].flatMap((used) => [...used]));
  const common = new Set(keys.filter((key) => (area.get(key) ?? 'shop') === 'shop' && !webNamed.has(key)));
  for (const { dir } of OTHER_SOURCES) {
    for (const file of sourceFiles(join(repoRoot, dir))) {
      for (const key of keysNamed(readFileSync(file, 'utf8'), keys, known))
        if (area.get(key) === 'shop') common.add(key);
    }
  }
  const closure = (from: string[]) => {
    const seen = new Set<string>();
    const queue = [...from];
    while (queue.length) {
      const file = queue.pop() as string;
      if (seen.has(file) || !web.has(file)) continue;
      seen.add(file);
      for (const next of imports(file, web.get(file) as string)) if (!officeEntries.has(next)) queue.push(next);
    }
    return seen;
  };
  const firstKeys = (from: string[]) => {
    const found = new Set<string>();
    for (const file of closure(from)) {
      for (const key of uses.get(relative(repoRoot, file)) ?? []) {
        if (area.get(key) === 'shop' && !common.has(key)) found.add(key);
      }
    }
    return found;
  };
  const firstRoutes = new Map<string, ReadonlySet<string>>([
    ['root', firstKeys([join(webApp, 'root.tsx'), join(webApp, 'entry.client.tsx')])],
  ]);
  for (const { file, area: routeArea, id } of routes) if (routeArea === 'shop') firstRoutes.set(id, firstKeys([file]));
  return {
    areaOf: (key) => area.get(key) ?? 'shop',
    first: { common, routes: firstRoutes },
    files: new Map([...files].map(([f, a]) => [relative(repoRoot, f), a])),
    uses: (file) => uses.get(file) ?? new Set(),
  };
}

/** The file the web build writes beside `build/client` (apps/web/scripts/message-areas-file.ts). */
export const MESSAGE_AREAS_FILE = 'message-areas.json';

/** What the build writes: the keys outside the shop's script, by area (every other key is the shop's). */
export interface MessageAreasJson {
  office: string[];
  server: string[];
  /** The first visit's texts (`MessageAreas.first`); a file written before them has none (pages get the shop's). */
  first?: { common: string[]; routes: Record<string, string[]> };
}

/** The keys of a page's first messages script (`MessageAreas.first`). */
export type FirstMessages = MessageAreas['first'];

/** The scan's answer for each of `keys`, as the build writes it. */
export function messageAreasJson(
  areas: Pick<MessageAreas, 'areaOf'> & Partial<Pick<MessageAreas, 'first'>>,
  keys: readonly string[],
): MessageAreasJson {
  const json: MessageAreasJson = { office: [], server: [] };
  for (const key of keys) {
    const area = areas.areaOf(key);
    if (area !== 'shop') json[area].push(key);
  }
  if (areas.first) {
    json.first = {
      common: [...areas.first.common],
      routes: Object.fromEntries([...areas.first.routes].map(([id, used]) => [id, [...used]])),
    };
  }
  return json;
}

/** The first visit's texts from the build's file; undefined when it has none (every page then gets the shop's). */
export function readFirstMessages(path: string): FirstMessages | undefined {
  const { first } = JSON.parse(readFileSync(path, 'utf8')) as MessageAreasJson;
  if (!first) return undefined;
  return {
    common: new Set(first.common),
    routes: new Map(Object.entries(first.routes).map(([id, used]) => [id, new Set(used)])),
  };
}

/** Reads the build's file (`build/message-areas.json`): which script brings each key to the browser. */
export function readMessageAreas(path: string): (key: string) => KeyArea {
  let json: MessageAreasJson;
  try {
    json = JSON.parse(readFileSync(path, 'utf8')) as MessageAreasJson;
    if (!Array.isArray(json.office) || !Array.isArray(json.server)) throw new Error('no "office" and "server" lists');
  } catch (error) {
    throw new Error(
      `Cannot read the message areas at ${path} (${(error as Error).message}): run "npm run build" (the web build writes it).`,
    );
  }
  const area = new Map<string, KeyArea>([
    ...json.office.map((key) => [key, 'office'] as const),
    ...json.server.map((key) => [key, 'server'] as const),
  ]);
  return (key) => area.get(key) ?? 'shop';
}
