import { createServer, type AddressInfo, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it. */
export interface ReceivedMail {
  /** The envelope's sender and recipients (MAIL FROM, RCPT TO). */
  from: string | null;
  to: string[];
  /** Who signed in (AUTH), or null. */
  user: string | null;
  /** Whether the session was encrypted when the message came (STARTTLS). */
  secure: boolean;
  /** The whole message as sent: headers, a blank line, the body. */
  raw: string;
}

export interface SmtpStandIn {
  port: number;
  mails: ReceivedMail[];
  /** The next recipients are refused with this SMTP status (e.g. 550), until called with null. */
  refuseRecipientsWith(status: number | null): void;
  close(): Promise<void>;
}

export interface SmtpStandInOptions {
  /** Offer STARTTLS (with smtp-server's own self-signed certificate). Default: no. */
  starttls?: boolean;
  /** The one user and password taken; without it no sign-in is asked for (AUTH is optional). */
  login?: { user: string; password: string };
}

/**
 * A real SMTP server (the smtp-server package) on a free port of this machine, standing in for the mail server that
 * e-mail reminders go through: it keeps every message it receives, so a test reads exactly what left the app.
 */
export async function startSmtpStandIn({ starttls = false, login }: SmtpStandInOptions = {}): Promise<SmtpStandIn> {
  const mails: ReceivedMail[] = [];
  let refusal: number | null = null;
  const server = new SMTPServer({
    logger: false,
    disabledCommands: starttls ? [] : ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    closeTimeout: 100,
    onAuth(auth, _session, callback) {
      if (login && auth.username === login.user && auth.password === login.password) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(_address, _session, callback) {
      if (refusal === null) callback();
      else callback(Object.assign(new Error('Recipient refused'), { responseCode: refusal }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope;
        mails.push({
          from: mailFrom ? mailFrom.address : null,
          to: rcptTo.map((recipient) => recipient.address),
          user: typeof session.user === 'string' ? session.user : null,
          secure: session.secure,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    mails,
    refuseRecipientsWith(status) {
      refusal = status;
    },
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

/** A port where a server accepts connections and never says a word: an SMTP server that hangs before its greeting. */
export async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A port of this machine where nothing listens: a server started and closed again. */
export async function closedPort(): Promise<number> {
  const silent = await startSilentServer();
  await silent.close();
  return silent.port;
}

/**
 * A message's headers (names in lower case, folded lines joined) and its body, the body's quoted-printable or base64
 * undone, so a test reads the words as the recipient's mail program shows them.
 */
export function readMail(raw: string): { headers: Record<string, string>; body: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoded = rest.join('\n\n');
  const encoding = headers['content-transfer-encoding']?.toLowerCase();
  const body =
    encoding === 'quoted-printable'
      ? Buffer.from(
          encoded.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8')
      : encoding === 'base64'
        ? Buffer.from(encoded, 'base64').toString('utf8')
        : encoded;
  return { headers, body: body.replace(/\r\n/g, '\n') };
}
