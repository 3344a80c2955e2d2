// A minimal SMTP server for the cluster bench: accepts every message (no TLS, no authentication) and counts the
// deliveries per recipient, so the bench can check that every e-mail of the outbox was sent exactly once. A message
// counts once its final dot has arrived. `delayMs` holds the answer to MAIL FROM, as a slow relay does: deliveries are
// then in flight long enough for a killed process to leave some half done (the outbox's lease brings them back).
import { createServer, type Server } from 'node:net';

export interface Sink {
  url: string;
  /** Deliveries per recipient address (lower case), one per RCPT of an accepted message. */
  received: Map<string, number>;
  messages: number;
  close(): Promise<void>;
}

export async function smtpSink(port: number, delayMs = 0): Promise<Sink> {
  const sink: Sink = { url: `smtp://127.0.0.1:${port}`, received: new Map(), messages: 0, close: async () => {} };
  const server: Server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let rcpts: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 bench-sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          buffer = buffer.slice(end + 5);
          inData = false;
          sink.messages += 1;
          for (const to of rcpts) sink.received.set(to, (sink.received.get(to) ?? 0) + 1);
          rcpts = [];
          reply('250 2.0.0 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-bench-sink\r\n250 8BITMIME');
        else if (verb === 'HELO') reply('250 bench-sink');
        else if (verb === 'MAIL') {
          rcpts = [];
          if (delayMs) setTimeout(() => socket.writable && reply('250 2.1.0 ok'), delayMs);
          else reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          rcpts.push((/<([^>]*)>/.exec(line)?.[1] ?? '').toLowerCase());
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          // A message may follow in the same chunk: go round again.
          reply('354 end with <CRLF>.<CRLF>');
          buffer = `\r\n${buffer}`;
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  sink.close = () => new Promise((resolve) => server.close(() => resolve()));
  return sink;
}
