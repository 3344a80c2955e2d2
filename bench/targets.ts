// Issue 19's targets, each next to the figure a measurement gave it: "met", "NOT met", or "not measured" (a scenario
// left out by BENCH_ONLY).
import { type Measurement, NAMES, type Result } from './scenarios.ts';

export interface Verdict {
  target: string;
  figure: string;
  /** null: not measured in this run. */
  met: boolean | null;
}

const RENDERED_SHARE = 0.2;
const RENDERED_P99_MS = 500;
const ADD_RPS = 500;
const CART_RPS = 2_000;
const P99_OVER_HEALTH = 5;
const HOME_JS_KB = 100;
const CONFIGURATOR_JS_KB = 130;
const IDLE_RSS_MB = 200;
const PEAK_RSS_MB = 400;

const int = (n: number) => Math.round(n).toLocaleString('en-US');

export function verdicts(m: Measurement): Verdict[] {
  const by = Object.fromEntries(m.results.map((r) => [r.name, r])) as Record<string, Result | undefined>;
  const out: Verdict[] = [];
  const staticFile = by[NAMES.static];
  const health = by[NAMES.health];
  for (const name of [NAMES.homeRendered, NAMES.configuratorRendered, NAMES.ordersMy, NAMES.leads]) {
    const r = by[name];
    const share = r && staticFile ? r.rps / staticFile.rps : null;
    out.push({
      target: `${name}: ≥ ${RENDERED_SHARE * 100} % of the static file's req/s`,
      figure:
        share === null || !r || !staticFile
          ? '—'
          : `${int(r.rps)} of ${int(staticFile.rps)} req/s = ${(share * 100).toFixed(1)} %`,
      met: share === null ? null : share >= RENDERED_SHARE,
    });
    out.push({
      target: `${name}: p99 ≤ ${RENDERED_P99_MS} ms`,
      figure: r ? `${int(r.p99)} ms` : '—',
      met: r ? r.answers > 0 && r.p99 <= RENDERED_P99_MS : null,
    });
  }
  for (const name of [NAMES.addOne, NAMES.addNew]) {
    const r = by[name];
    out.push({
      target: `${name}: ≥ ${int(ADD_RPS)} req/s`,
      figure: r ? `${int(r.rps)} req/s` : '—',
      met: r ? r.rps >= ADD_RPS : null,
    });
    const times = r?.answers && health?.answers ? r.p99 / Math.max(health.p99, 1) : null;
    out.push({
      target: `${name}: p99 ≤ ${P99_OVER_HEALTH}× /health p99`,
      figure:
        times === null || !r || !health
          ? r && health
            ? 'no answers'
            : '—'
          : `${int(r.p99)} ms = ${times.toFixed(1)}× ${int(health.p99)} ms`,
      met: times === null ? (r && health ? false : null) : times <= P99_OVER_HEALTH,
    });
  }
  const cart = by[NAMES.cart];
  out.push({
    target: `${NAMES.cart}: ≥ ${int(CART_RPS)} req/s`,
    figure: cart ? `${int(cart.rps)} req/s` : '—',
    met: cart ? cart.rps >= CART_RPS : null,
  });
  const kb = (bytes: number) => bytes / 1024;
  out.push({
    target: `home page JavaScript ≤ ${HOME_JS_KB} KB gzip`,
    figure: `${kb(m.homeJs.bytes).toFixed(1)} KB (${m.homeJs.files} files)`,
    met: kb(m.homeJs.bytes) <= HOME_JS_KB,
  });
  out.push({
    target: `configurator page JavaScript ≤ ${CONFIGURATOR_JS_KB} KB gzip`,
    figure: `${kb(m.configuratorJs.bytes).toFixed(1)} KB (${m.configuratorJs.files} files)`,
    met: kb(m.configuratorJs.bytes) <= CONFIGURATOR_JS_KB,
  });
  out.push({
    target: `idle RSS (no request for the idle time) ≤ ${IDLE_RSS_MB} MB`,
    figure: `${int(m.idleRss)} MB (2 s after the warm-up: ${int(m.warmRss)} MB)`,
    met: m.idleRss <= IDLE_RSS_MB,
  });
  const peak = m.results.reduce<Result | null>((a, r) => (!a || r.peakRss > a.peakRss ? r : a), null);
  out.push({
    target: `peak RSS under every load ≤ ${PEAK_RSS_MB} MB`,
    figure: peak ? `${int(peak.peakRss)} MB (highest: ${peak.name})` : '—',
    met: peak ? peak.peakRss <= PEAK_RSS_MB : null,
  });
  // A load that got no answer at all (every request timed out) failed too, though autocannon counts no error.
  const failed = m.results.filter((r) => r.errors + r.non2xx > 0 || r.answers === 0);
  const errors = m.results.reduce((n, r) => n + r.errors, 0);
  const non2xx = m.results.reduce((n, r) => n + r.non2xx, 0);
  out.push({
    target: '0 errors and 0 non-2xx in every load',
    figure: `${int(errors)} errors, ${int(non2xx)} non-2xx${failed.length ? ` (${failed.map((r) => r.name).join('; ')})` : ''}`,
    met: m.results.length ? failed.length === 0 : null,
  });
  return out;
}

const word = (met: boolean | null) => (met === null ? 'not measured' : met ? 'met' : 'NOT met');

/** The verdicts of one run as a table. */
export function printVerdicts(list: Verdict[]): void {
  console.log('\n| issue 19 target | figure | verdict |');
  console.log('|---|---|---|');
  for (const v of list) console.log(`| ${v.target} | ${v.figure} | ${word(v.met)} |`);
}

/** "N of M targets met" over one run, or over several runs ("met in all k runs"). */
export function summary(runs: Verdict[][]): string {
  const first = runs[0] ?? [];
  const measured = first.filter((_, i) => runs.every((run) => run[i]?.met !== null));
  const metInAll = first.filter((_, i) => runs.every((run) => run[i]?.met === true)).length;
  const unmeasured = first.length - measured.length;
  const tail = unmeasured ? ` (${unmeasured} not measured)` : '';
  return runs.length === 1
    ? `${metInAll} of ${measured.length} targets met${tail}`
    : `${metInAll} of ${measured.length} targets met in all ${runs.length} runs${tail}`;
}

/** Each target with its verdict in every run, and whether it was met in all of them. */
export function printAcrossRuns(runs: Verdict[][]): void {
  const n = runs.length;
  console.log(`\n| issue 19 target | ${runs.map((_, i) => `run ${i + 1}`).join(' | ')} | over ${n} runs |`);
  console.log(`|---|${runs.map(() => '---|').join('')}---|`);
  for (const [i, v] of (runs[0] ?? []).entries()) {
    const cells = runs.map((run) => `${run[i]?.figure ?? '—'}: ${word(run[i]?.met ?? null)}`);
    const met = runs.filter((run) => run[i]?.met === true).length;
    const measured = runs.filter((run) => run[i]?.met !== null && run[i]?.met !== undefined).length;
    const over =
      measured < n
        ? `measured in ${measured} of ${n} runs`
        : met === n
          ? `met in all ${n} runs`
          : `met in ${met} of ${n} runs`;
    console.log(`| ${v.target} | ${cells.join(' | ')} | ${over} |`);
  }
}
