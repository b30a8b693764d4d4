// The SMTP mailer against a local SMTP server: envelope, headers, attachment bytes, errors and configuration.
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { createMailer, MailDeliveryError, MailerDisabledError } from './mailer.js';
import { renderPurchaseOrderPdf } from '../modules/purchasing/documents/purchase-order.pdf.js';
import { purchaseOrderEmail } from '../modules/purchasing/documents/purchase-order.email.js';
import { sampleOrder } from '../../test/purchasing/document-fixtures.js';

interface Received {
  from: string;
  recipients: string[];
  user: string | undefined;
  raw: Buffer;
}

let server: SMTPServer;
let port: number;
let received: Received[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('blocked@')) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      } else {
        callback();
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received = [];
});

describe('createMailer', () => {
  it('is disabled without SMTP_URL and refuses to send with a clear error', async () => {
    const mailer = createMailer(loadConfig({}));
    expect(mailer.enabled).toBe(false);
    await expect(mailer.send({ to: 'a@example.com', subject: 'x', text: 'y' })).rejects.toThrow(MailerDisabledError);
    await expect(mailer.send({ to: 'a@example.com', subject: 'x', text: 'y' })).rejects.toThrow(
      'E-mail is not configured: set SMTP_URL to send mail.',
    );
  });

  it('delivers the purchase order e-mail with cc and the PDF bytes intact', async () => {
    const mailer = createMailer(
      loadConfig({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Acme Purchasing <purchasing@acme.example>' }),
    );
    expect(mailer.enabled).toBe(true);
    const order = sampleOrder();
    const pdf = await renderPurchaseOrderPdf(order);
    const message = await purchaseOrderEmail(order, {
      pdf,
      cc_emails: ['buyer@acme.example', 'boss@acme.example'],
      message: 'Grüße aus Zürich',
    });

    const { messageId } = await mailer.send(message);
    expect(messageId).toMatch(/^<.+@.+>$/);

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.from).toBe('purchasing@acme.example');
    expect(mail!.recipients.sort()).toEqual(['boss@acme.example', 'buyer@acme.example', 'orders@fastener.example']);

    const parsed = await PostalMime.parse(mail!.raw);
    expect(parsed.messageId).toBe(messageId);
    expect(parsed.from?.address).toBe('purchasing@acme.example');
    expect(parsed.from?.name).toBe('Acme Purchasing');
    expect(parsed.to?.map((a) => a.address)).toEqual(['orders@fastener.example']);
    expect(parsed.cc?.map((a) => a.address)).toEqual(['buyer@acme.example', 'boss@acme.example']);
    expect(parsed.subject).toBe('Purchase order PO-202611-0007');
    expect(parsed.text).toContain('Grüße aus Zürich');
    expect(parsed.text).toContain('Total: EUR 1,564.40');
    expect(parsed.attachments).toHaveLength(1);
    const [attachment] = parsed.attachments;
    expect(attachment!.filename).toBe('PO-202611-0007.pdf');
    expect(attachment!.mimeType).toBe('application/pdf');
    expect(Buffer.from(attachment!.content as ArrayBuffer).equals(pdf)).toBe(true);
  });

  it('signs in with the credentials in SMTP_URL and uses the default sender', async () => {
    const mailer = createMailer(loadConfig({ SMTP_URL: `smtp://mailer:s3cret@127.0.0.1:${port}` }));
    await mailer.send({ to: 'someone@example.com', subject: 'Hello', text: 'Plain', html: '<p>Plain</p>' });
    expect(received).toHaveLength(1);
    expect(received[0]!.user).toBe('mailer');
    expect(received[0]!.from).toBe('no-reply@localhost');
    const parsed = await PostalMime.parse(received[0]!.raw);
    expect(parsed.cc).toBeUndefined();
    expect(parsed.html).toContain('<p>Plain</p>');
  });

  it('reports refused recipients, bad credentials and an unreachable server as MailDeliveryError', async () => {
    const refused = createMailer(loadConfig({ SMTP_URL: `smtp://127.0.0.1:${port}` }));
    await expect(refused.send({ to: 'blocked@example.com', subject: 'x', text: 'y' })).rejects.toThrow(
      MailDeliveryError,
    );

    const wrongPassword = createMailer(loadConfig({ SMTP_URL: `smtp://mailer:wrong@127.0.0.1:${port}` }));
    const error = await wrongPassword.send({ to: 'a@example.com', subject: 'x', text: 'y' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailDeliveryError);
    expect((error as Error).message).toMatch(/^The mail server did not accept the message: /);
    expect((error as Error).message).not.toContain('wrong');

    const closed = await new Promise<number>((resolve) => {
      const probe = new SMTPServer({ logger: false });
      probe.listen(0, '127.0.0.1', () => {
        const free = (probe.server.address() as AddressInfo).port;
        probe.close(() => resolve(free));
      });
    });
    const unreachable = createMailer(loadConfig({ SMTP_URL: `smtp://127.0.0.1:${closed}` }));
    await expect(unreachable.send({ to: 'a@example.com', subject: 'x', text: 'y' })).rejects.toThrow(MailDeliveryError);
    expect(received).toHaveLength(0);
  });
});

describe('mail configuration', () => {
  it('reads SMTP_URL and MAIL_FROM with their defaults', () => {
    const unset = loadConfig({});
    expect(unset.smtpUrl).toBeNull();
    expect(unset.mailFrom).toBe('Quartermaster <no-reply@localhost>');
    expect(loadConfig({ SMTP_URL: '  ', PUBLIC_URL: 'https://ops.example.com/qm' }).mailFrom).toBe(
      'Quartermaster <no-reply@ops.example.com>',
    );
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465' }).smtpUrl).toBe(
      'smtps://u:p@mail.example.com:465',
    );
    expect(loadConfig({ MAIL_FROM: 'orders@acme.example' }).mailFrom).toBe('orders@acme.example');
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps:// without echoing it, and a malformed MAIL_FROM', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://user:pw@mail.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: 'not a url' })).toThrow('SMTP_URL must be an smtp:// or smtps:// URL.');
    expect(() => loadConfig({ MAIL_FROM: 'nobody' })).toThrow(ConfigError);
    expect(() => loadConfig({ MAIL_FROM: 'Acme <not-an-address>' })).toThrow('MAIL_FROM must be');
  });
});
