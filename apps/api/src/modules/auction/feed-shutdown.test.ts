import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig, testDatabase } from '../../../test/helper.ts';
import { buildApi } from '../../app.ts';

// Issue 23 item 5: a graceful shutdown drains the live-bid streams. An open server-sent-event stream never ends on its
// own; if close waited for it, a deploy's SIGTERM would hang until the orchestrator kills the process.

let database: Awaited<ReturnType<typeof testDatabase>>;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('shutdown with live-bid streams open', () => {
  it('ends every open stream, so the app closes and each watcher sees the end (and reconnects elsewhere)', async () => {
    const app = await buildApi({ config: testConfig, database, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const watchers = await Promise.all(
      [1, 2, 3].map(async () => {
        const answer = await fetch(`http://127.0.0.1:${port}/v1/axes/events`);
        expect(answer.headers.get('content-type')).toMatch(/^text\/event-stream/);
        const reader = (answer.body as ReadableStream<Uint8Array>).getReader();
        // The first bytes tell the browser how long to wait before reconnecting.
        const first = await reader.read();
        expect(new TextDecoder().decode(first.value)).toContain('retry: 3000');
        return reader;
      }),
    );
    await app.close();
    for (const reader of watchers) {
      let next = await reader.read();
      while (!next.done) next = await reader.read();
      expect(next.done).toBe(true);
    }
    // Closed for good: a new watcher is refused at the socket.
    await expect(fetch(`http://127.0.0.1:${port}/v1/axes/events`)).rejects.toThrow();
  });
});
