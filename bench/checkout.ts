// 100 buyers check out at once (issue 5 target): each has a cart with a bike, confirms as a new customer and pays by
// sandbox card, all at the same moment — and each buyer double-clicks both buttons. Afterwards every order is checked:
// no error, one order per buyer, one successful payment per order, nothing left to pay. The core is
// bench/checkout-core.ts (bench/cluster.ts runs it through a balancer).
//   npm run build && node bench/checkout.ts          (BENCH_DATABASE_URL=postgres://… for PostgreSQL)
import { runCheckout } from './checkout-core.ts';
import { BASE, startServer, waitReady } from './server.ts';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 100);

const server = startServer();
try {
  await waitReady();
  const r = await runCheckout(BASE, { buyers: BUYERS });
  console.log(
    `${BUYERS} buyers, database: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${r.seconds.toFixed(1)} s; ` +
      `orders ${r.orders.size} (distinct), paid exactly once ${r.paidOnce}, errors ${r.errors.length}`,
  );
  for (const e of r.errors.slice(0, 10)) console.log(`  ${e}`);
  if (r.errors.length || r.orders.size !== BUYERS || r.paidOnce !== BUYERS) process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
}
