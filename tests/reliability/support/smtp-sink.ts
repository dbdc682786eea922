/**
 * A minimal SMTP receiver for tests (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT; no TLS, no
 * pipelining): the portal's real nodemailer transport delivers to it, and the test counts what
 * arrived, outside the portal's process. `delayMs` holds each DATA's answer, so a send is slow
 * enough to be killed in the middle.
 */
import net from 'node:net';

export interface Received {
  to: string[];
  messageId: string | null;
  data: string;
}

export class SmtpSink {
  readonly received: Received[] = [];
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();

  constructor(private readonly delayMs = 0) {
    this.server = net.createServer((socket) => this.session(socket));
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as net.AddressInfo).port;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private session(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = '';
    let inData = false;
    let to: string[] = [];
    const reply = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };
    reply('220 sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          const messageId = /^Message-ID:\s*(\S+)/im.exec(data)?.[1] ?? null;
          // counted as soon as the data is in: a receiver may keep it even if the sender dies before the answer
          this.received.push({ to, messageId, data });
          to = [];
          setTimeout(() => reply('250 OK queued'), this.delayMs);
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') {
          reply('250-sink');
          reply('250 8BITMIME');
        } else if (verb === 'HELO' || verb === 'MAIL' || verb === 'NOOP') reply('250 OK');
        else if (verb === 'RSET') {
          to = [];
          reply('250 OK');
        } else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 go on');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 not implemented');
      }
    });
  }
}
