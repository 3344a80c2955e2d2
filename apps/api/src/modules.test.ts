import { cruise, type ICruiseResult, type IModule } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { describe, expect, it } from 'vitest';

// Decision 033: the API's modules depend on each other one way, and on each other's exported interfaces only.
const ROOT = new URL('../../../', import.meta.url).pathname;
const MODULE = /^apps\/api\/src\/modules\/([^/]+)\//;

/** The modules' graph: for each module, the other modules its files import (type-only imports included). */
export function moduleGraph(modules: readonly IModule[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of modules) {
    const from = MODULE.exec(file.source)?.[1];
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const dependency of file.dependencies) {
      const to = MODULE.exec(dependency.resolved)?.[1];
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Every cycle of the graph, each as the path that closes it (`a → b → a`). */
export function cycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const visit = (node: string, path: string[]) => {
    const at = path.indexOf(node);
    if (at >= 0) {
      found.push([...path.slice(at), node]);
      return;
    }
    if (done.has(node)) return;
    for (const next of graph.get(node) ?? []) visit(next, [...path, node]);
    done.add(node);
  };
  for (const node of [...graph.keys()].sort()) visit(node, []);
  return found;
}

describe('the API modules (apps/api/src/modules/*)', () => {
  let result: ICruiseResult | undefined;
  const cruised = async (): Promise<ICruiseResult> => {
    if (result) return result;
    const options = await extractDepcruiseOptions(`${ROOT}.dependency-cruiser.cjs`);
    const report = await cruise(['apps/api/src'], { ...options, baseDir: ROOT, validate: true }, {}, {});
    if (typeof report.output === 'string') throw new Error('dependency-cruiser answered text');
    result = report.output;
    return result;
  };

  it('break no rule of .dependency-cruiser.cjs (no file cycles, no other module’s repo)', async () => {
    const output = await cruised();
    expect(output.summary.totalCruised).toBeGreaterThan(100);
    expect(output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
  }, 60_000);

  it('have no cycle between them, type-only imports included', async () => {
    const graph = moduleGraph((await cruised()).modules);
    // The checkout uses payments (wallet, methods) through types only: the graph must see type imports.
    expect(graph.get('checkout')).toContain('payments');
    expect(cycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  }, 60_000);

  it('cycles() finds a cycle, e.g. payments asking the checkout back', () => {
    const graph = new Map([
      ['checkout', new Set(['payments', 'cart'])],
      ['payments', new Set(['checkout'])],
      ['cart', new Set<string>()],
    ]);
    expect(cycles(graph)).toEqual([['checkout', 'payments', 'checkout']]);
  });
});
