import { createServer, type Server } from 'node:net';

/**
 * A small SMTP server on a free port for tests (a real peer on a real socket): it accepts every message, except that
 * the next `failNext` messages are refused at the end of DATA with a temporary error (451).
 */
export async function smtpServer(): Promise<{
  url: string;
  received: string[];
  failNext: number;
  close(): Promise<void>;
}> {
  const state = { received: [] as string[], failNext: 0 };
  const server: Server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          if (state.failNext > 0) {
            state.failNext -= 1;
            socket.write('451 4.3.0 try again later\r\n');
          } else {
            state.received.push(message);
            socket.write('250 2.0.0 queued\r\n');
          }
          continue;
        }
        const at = buffer.indexOf('\r\n');
        if (at < 0) return;
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
          return;
        } else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    get received() {
      return state.received;
    },
    get failNext() {
      return state.failNext;
    },
    set failNext(n: number) {
      state.failNext = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
