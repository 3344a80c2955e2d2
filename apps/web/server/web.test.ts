import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { injectTransport } from './web.ts';

describe('the in-process API transport', () => {
  it('hands the visitor’s address to the API, so per-address limits count visitors, not the web server', async () => {
    const app = Fastify();
    app.get('/ip', async (request) => ({ ip: request.ip }));
    await app.ready();
    const transport = injectTransport(app);
    const visitor = await transport.request({ method: 'GET', path: '/ip', clientIp: '203.0.113.9' });
    expect(JSON.parse(visitor.body)).toEqual({ ip: '203.0.113.9' });
    const server = await transport.request({ method: 'GET', path: '/ip' });
    expect(JSON.parse(server.body)).toEqual({ ip: '127.0.0.1' });
    await app.close();
  });
});
