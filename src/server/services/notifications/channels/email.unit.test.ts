import nodemailer from 'nodemailer';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, readMail, startSilentServer, startSmtpStandIn, type SmtpStandIn } from '../../../../testing/smtp-stand-in';
import { OutsideServiceError } from '../../../core/errors';
import { EMAIL_SUBJECT, emailSender, mailFailure, smtpTransportOptions } from './email';
import type { OutsideMessage } from './types';

const discreet: OutsideMessage = {
  kind: 'dose-due',
  text: 'HealthAssist: you have a reminder (a dose at 8:00)',
  link: 'https://health.example.com/medications',
};
const patient = { email: 'alex@example.com', phone: null };
const FROM = 'HealthAssist <reminders@example.com>';

/** The OutsideServiceError that sending ended in. */
async function failureOf(sending: Promise<unknown>): Promise<OutsideServiceError> {
  const error = await sending.then(() => undefined, (thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(OutsideServiceError);
  return error as OutsideServiceError;
}

describe('e-mail through a real SMTP server', () => {
  let smtp: SmtpStandIn;
  beforeAll(async () => {
    smtp = await startSmtpStandIn({ login: { user: 'health@example.com', password: 'p@ss word' } });
  });
  afterEach(() => {
    smtp.mails.length = 0;
    smtp.refuseRecipientsWith(null);
  });
  afterAll(async () => {
    await smtp.close();
  });

  // The user and password are percent-encoded in the URL, as a URL needs them.
  const sender = (timeoutMs = 5000) =>
    emailSender({ url: `smtp://health%40example.com:p%40ss%20word@127.0.0.1:${smtp.port}`, from: FROM }, timeoutMs);

  it('sends the text and the link to the profile’s address, from MAIL_FROM, under a generic subject, signed in', async () => {
    await sender().send(discreet, patient);

    expect(smtp.mails).toHaveLength(1);
    const [mail] = smtp.mails;
    expect(mail!.to).toEqual(['alex@example.com']);
    expect(mail!.from).toBe('reminders@example.com');
    expect(mail!.user).toBe('health@example.com');
    const { headers, body } = readMail(mail!.raw);
    expect(headers.subject).toBe(EMAIL_SUBJECT);
    expect(headers.subject).toBe('HealthAssist reminder');
    expect(headers.to).toBe('alex@example.com');
    expect(headers.from).toBe(FROM);
    expect(body).toContain('HealthAssist: you have a reminder (a dose at 8:00)');
    expect(body).toContain('https://health.example.com/medications');
  });

  it('says no more than the discreet text: no medication, condition or test in the subject or the body', async () => {
    await sender().send(discreet, patient);
    const raw = smtp.mails[0]!.raw;
    for (const word of ['Metformin', 'Diabetes', 'A1C', 'Dr.']) expect(raw).not.toContain(word);
    expect(readMail(raw).headers.subject).toBe('HealthAssist reminder');
  });

  it('keeps a detailed text to the body: the subject stays generic', async () => {
    await sender().send({ ...discreet, text: 'HealthAssist: Time for Metformin 500 mg (8:00)' }, patient);
    const { headers, body } = readMail(smtp.mails[0]!.raw);
    expect(headers.subject).toBe('HealthAssist reminder');
    expect(body).toContain('Time for Metformin 500 mg (8:00)');
  });

  it('fails when the server refuses the recipient, naming the status and never the address', async () => {
    smtp.refuseRecipientsWith(550);
    const failure = await failureOf(sender().send(discreet, patient));
    expect(failure.message).toBe('The mail server refused the message (550)');
    expect(JSON.stringify({ message: failure.message, details: failure.details })).not.toContain('alex@');
    expect(smtp.mails).toHaveLength(0);
  });

  it('fails when the server refuses the sign-in, never repeating the password', async () => {
    const wrong = emailSender({ url: `smtp://health%40example.com:wrong@127.0.0.1:${smtp.port}`, from: FROM }, 5000);
    const failure = await failureOf(wrong.send(discreet, patient));
    expect(failure.message).toBe('The mail server refused the sign-in (535)');
    expect(JSON.stringify({ message: failure.message, details: failure.details })).not.toContain('wrong');
  });
});

describe('e-mail when the server cannot take it', () => {
  it('fails when nothing listens', async () => {
    const port = await closedPort();
    const failure = await failureOf(emailSender({ url: `smtp://127.0.0.1:${port}`, from: FROM }, 2000).send(discreet, patient));
    expect(failure.message).toBe('The mail server could not be reached');
  });

  it('fails within its time limit when the server never greets', async () => {
    const silent = await startSilentServer();
    try {
      const started = Date.now();
      const failure = await failureOf(emailSender({ url: `smtp://127.0.0.1:${silent.port}`, from: FROM }, 300).send(discreet, patient));
      expect(failure.message).toBe('The mail server did not answer in time');
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await silent.close();
    }
  });
});

describe('e-mail over STARTTLS', () => {
  it('upgrades a connection on this machine when the server offers STARTTLS (its certificate is not checked here)', async () => {
    const smtp = await startSmtpStandIn({ starttls: true });
    try {
      await emailSender({ url: `smtp://127.0.0.1:${smtp.port}`, from: FROM }, 5000).send(discreet, patient);
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0]!.secure).toBe(true);
    } finally {
      await smtp.close();
    }
  });
});

describe('e-mail to another machine, as nodemailer takes these options', () => {
  // The real server runs here, so the options made for a host elsewhere are pointed at it by hand.
  const sendElsewhere = (port: number) =>
    nodemailer
      .createTransport({ ...smtpTransportOptions('smtp://user:secret@smtp.example.com', 2000), host: '127.0.0.1', port })
      .sendMail({ from: 'reminders@example.com', to: 'alex@example.com', subject: EMAIL_SUBJECT, text: discreet.text });

  it('sends nothing, not even the password, to a server that offers no STARTTLS', async () => {
    const smtp = await startSmtpStandIn({ login: { user: 'user', password: 'secret' } });
    try {
      const error = await sendElsewhere(smtp.port).catch((thrown: unknown) => thrown);
      expect(error).toMatchObject({ code: 'ETLS' });
      expect(mailFailure(error).message).toBe('The mail server offered no secure connection (500)');
      expect(smtp.mails).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });

  it('checks the certificate: smtp-server’s own (self-signed, for another name) is refused', async () => {
    const smtp = await startSmtpStandIn({ starttls: true });
    try {
      const error = await sendElsewhere(smtp.port).catch((thrown: unknown) => thrown);
      expect(mailFailure(error).message).toBe('The mail server’s certificate is not trusted');
      expect(smtp.mails).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });
});

describe('smtpTransportOptions: the reminder leaves the machine only encrypted', () => {
  it('requires STARTTLS for smtp:// to another machine, and checks its certificate', () => {
    const options = smtpTransportOptions('smtp://user:secret@smtp.example.com:587', 10_000);
    expect(options).toMatchObject({ host: 'smtp.example.com', port: 587, secure: false, requireTLS: true, auth: { user: 'user', pass: 'secret' } });
    expect(options.tls).toBeUndefined();
  });

  it('speaks TLS from the start for smtps://, on port 465 unless told another', () => {
    expect(smtpTransportOptions('smtps://user:secret@smtp.example.com', 10_000)).toMatchObject({ port: 465, secure: true, requireTLS: false });
    expect(smtpTransportOptions('smtps://smtp.example.com:2465', 10_000)).toMatchObject({ port: 2465, secure: true });
  });

  it.each(['smtp://127.0.0.1:1025', 'smtp://localhost:1025', 'smtp://[::1]:1025'])('may stay plain on this machine: %s', (url) => {
    expect(smtpTransportOptions(url, 10_000)).toMatchObject({ port: 1025, secure: false, requireTLS: false });
  });

  it('signs in only when the URL has a user, and bounds every step', () => {
    const options = smtpTransportOptions('smtp://127.0.0.1:1025', 1234);
    expect(options.auth).toBeUndefined();
    expect(options).toMatchObject({ host: '127.0.0.1', dnsTimeout: 1234, connectionTimeout: 1234, greetingTimeout: 1234, socketTimeout: 1234, logger: false });
    expect(smtpTransportOptions('smtp://[::1]:25', 1).host).toBe('::1');
  });
});
