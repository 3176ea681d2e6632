import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  data: string;
}

export interface TestSmtp {
  server: SMTPServer;
  /** Every mail accepted, in order. */
  received: ReceivedMail[];
  /** Set `refuse` (or `refuseTo` per recipient) to answer 451 instead of accepting. */
  state: { refuse: boolean; refuseTo: (to: string) => boolean };
  port: number;
  /** SMTP_URL and MAIL_FROM for startTestApp, pointing the app at this server. */
  env: { SMTP_URL: string; MAIL_FROM: string };
  close(): Promise<void>;
}

/** A real SMTP server on loopback (no auth, no STARTTLS) collecting the mails it accepts; it can be told to refuse mail. */
export async function startSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const state = { refuse: false, refuseTo: (_to: string) => false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        if (state.refuse || session.envelope.rcptTo.some((r) => state.refuseTo(r.address))) {
          const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 451 });
          callback(error);
          return;
        }
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    server,
    received,
    state,
    port,
    env: { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`, MAIL_FROM: 'Pitlane <hello@pitlane.test>' },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
