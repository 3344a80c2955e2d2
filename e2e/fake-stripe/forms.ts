// Form bodies: `a[b][0]=x` → { a: { b: ['x'] } }, as the SDK (and Stripe.js) encode them.

export type Param = string | Param[] | { [key: string]: Param };
export type Params = { [key: string]: Param };

export function parseForm(text: string): Params {
  const root: Params = {};
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const at = pair.indexOf('=');
    const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    const rawKey = decode(at < 0 ? pair : pair.slice(0, at));
    const value = at < 0 ? '' : decode(pair.slice(at + 1));
    const head = rawKey.match(/^[^[]+/)?.[0] ?? rawKey;
    const path = [head, ...[...rawKey.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '')];
    let node: Params = root;
    for (let i = 0; i < path.length; i++) {
      let key = path[i] ?? '';
      // `a[]=x&a[]=y`: append.
      if (key === '') key = String(Object.keys(node).length);
      if (i === path.length - 1) {
        node[key] = value;
      } else {
        const next = node[key];
        if (typeof next !== 'object' || next === null || Array.isArray(next)) node[key] = {};
        node = node[key] as Params;
      }
    }
  }
  return arrays(root) as Params;
}

/** Objects whose keys are 0..n-1 become arrays. */
function arrays(param: Param): Param {
  if (typeof param === 'string' || Array.isArray(param)) return param;
  const keys = Object.keys(param);
  for (const key of keys) param[key] = arrays(param[key] as Param);
  if (keys.length > 0 && keys.every((k, i) => /^\d+$/.test(k) && keys.includes(String(i))))
    return keys.map((_, i) => param[String(i)] as Param);
  return param;
}

export function str(params: Params | undefined, key: string): string | undefined {
  const v = params?.[key];
  return typeof v === 'string' ? v : undefined;
}

export function obj(params: Params | undefined, key: string): Params | undefined {
  const v = params?.[key];
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? v : undefined;
}

export function list(params: Params | undefined, key: string): string[] | undefined {
  const v = params?.[key];
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string');
  return typeof v === 'string' ? [v] : undefined;
}

export function stringRecord(params: Params | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params ?? {})) if (typeof v === 'string') out[k] = v;
  return out;
}
