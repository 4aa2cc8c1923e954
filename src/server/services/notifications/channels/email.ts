import type { SMTPTransportOptions, Transporter } from 'nodemailer';
import { isLoopbackHost, type EmailConfig } from '../../../env';
import { CHANNEL_TIMEOUT_MS, NotificationChannelError } from './channel-error';
import type { ChannelSender, OutsideMessage } from './types';

/** Every reminder's subject, whatever it is about: a subject is shown in lists and previews, so it says nothing more. */
export const EMAIL_SUBJECT = 'HealthAssist reminder';

/**
 * SMTP_URL as nodemailer's options. The reminder and the password leave the machine only encrypted (ADR 15):
 * smtps:// is TLS from the start, and smtp:// to another machine must upgrade with STARTTLS (requireTLS: a server
 * that does not offer it gets nothing). smtp:// to this machine may stay plain, as http may; a local relay's
 * certificate is not checked, since no network is crossed. Each step (DNS, connecting, the greeting, every answer) has
 * `timeoutMs`.
 */
export function smtpTransportOptions(url: string, timeoutMs: number): SMTPTransportOptions {
  const { protocol, hostname, port, username, password } = new URL(url);
  const secure = protocol === 'smtps:';
  const onThisMachine = isLoopbackHost(hostname);
  return {
    // '[::1]' is the URL's way of writing an IPv6 address; a socket wants it bare.
    host: hostname.replace(/^\[(.*)\]$/, '$1'),
    port: port ? Number(port) : secure ? 465 : 587,
    secure,
    requireTLS: !secure && !onThisMachine,
    ...(onThisMachine ? { tls: { rejectUnauthorized: false } } : {}),
    ...(username ? { auth: { user: decodeURIComponent(username), pass: decodeURIComponent(password) } } : {}),
    dnsTimeout: timeoutMs,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    // Never nodemailer's own log: it would write the addresses, and with debug the message.
    logger: false,
    debug: false,
  };
}

/** The body: the sentence, already discreet unless the patient chose detailed e-mails, and the link into the app. */
export function emailText(message: OutsideMessage): string {
  return `${message.text}\n\nOpen HealthAssist: ${message.link}\n`;
}

/**
 * E-mail through the SMTP server of SMTP_URL, from MAIL_FROM to the profile's address: one message a send, on a
 * connection of its own, all of it within three times `timeoutMs` (connecting, the greeting, the exchange).
 */
export function emailSender(config: EmailConfig, timeoutMs = CHANNEL_TIMEOUT_MS): ChannelSender {
  // nodemailer is loaded at the first e-mail, not at start-up: its code is a sizeable part of the server's (ADR 20).
  let transport: Promise<Transporter> | undefined;
  const transportOnce = () =>
    (transport ??= import('nodemailer')
      .then(({ default: nodemailer }) => nodemailer.createTransport(smtpTransportOptions(config.url, timeoutMs)))
      .catch((error: unknown) => {
        // Not kept: the next e-mail tries to load it again.
        transport = undefined;
        throw error;
      }));
  return {
    async send(message, recipient) {
      try {
        await (await transportOnce()).sendMail({
          from: config.from,
          to: recipient.email,
          subject: EMAIL_SUBJECT,
          text: emailText(message),
          signal: AbortSignal.timeout(3 * timeoutMs),
        });
      } catch (error) {
        throw mailFailure(error);
      }
    },
  };
}

const UNREACHABLE = new Set(['ECONNECTION', 'ESOCKET', 'EDNS', 'EPROXY', 'ECONNREFUSED']);
/** Node's codes for a certificate it cannot trust (expired, self-signed, for another name). */
const UNTRUSTED_CERTIFICATE = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/;

/**
 * nodemailer's error in words safe to store and log. Its own message is not used: it quotes the server's answer,
 * which may name the recipient ('550 <alex@example.com>: unknown user'). The codes, the SMTP status and the step go
 * to the details.
 */
export function mailFailure(error: unknown): NotificationChannelError {
  const { code, originalCode, responseCode, command } = (error ?? {}) as Record<string, unknown>;
  const details = { code, originalCode, responseCode, command };
  const status = typeof responseCode === 'number' ? ` (${responseCode})` : '';
  const failure = (reason: string) => new NotificationChannelError(reason, details);
  if (code === 'ETIMEDOUT' || code === 'EABORT') return new NotificationChannelError('The mail server did not answer in time', details, 504);
  if (typeof originalCode === 'string' && UNTRUSTED_CERTIFICATE.test(originalCode)) return failure('The mail server’s certificate is not trusted');
  if (code === 'ETLS') return failure(`The mail server offered no secure connection${status}`);
  if (code === 'EAUTH' || code === 'ENOAUTH') return failure(`The mail server refused the sign-in${status}`);
  if (typeof code === 'string' && UNREACHABLE.has(code) && !status) return failure('The mail server could not be reached');
  if (status) return failure(`The mail server refused the message${status}`);
  return failure('The mail server failed');
}
