// Loaded into the bench's server by `npm run bench:tail` (`--import`): records, for every request, when Node emitted
// it (its head parsed) and when its answer was handed to the socket, keyed by the URL. SIGUSR2 writes the records
// to the file named by BENCH_TAIL_FILE and starts a new list. Never loaded by `npm run serve`.
import { writeFileSync } from 'node:fs';
import http from 'node:http';

const rows: [url: string, start: number, finish: number][] = [];
const now = () => performance.timeOrigin + performance.now();
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]) {
  if (event === 'request') {
    const [request, response] = args as [http.IncomingMessage, http.ServerResponse];
    const start = now();
    response.on('finish', () => rows.push([request.url ?? '', start, now()]));
  }
  return Reflect.apply(emit, this, [event, ...args]) as boolean;
} as typeof emit;
process.on('SIGUSR2', () => {
  writeFileSync(process.env.BENCH_TAIL_FILE as string, JSON.stringify(rows));
  rows.length = 0;
});
