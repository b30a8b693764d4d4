// Outgoing e-mail through the SMTP server named by SMTP_URL (nodemailer); off when SMTP_URL is unset.
// nodemailer is loaded with the first message, so a service that never mails does not carry it in memory.
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.js';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string | string[];
  cc?: string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** False when SMTP_URL is unset: callers report `email_sent: false` instead of calling `send`. */
  readonly enabled: boolean;
  /**
   * Hands the message to the SMTP server and resolves once it accepted it.
   * Throws MailerDisabledError when not enabled and MailDeliveryError when the server cannot be reached or
   * refuses the message.
   */
  send(message: MailMessage): Promise<{ messageId: string }>;
}

export class MailerDisabledError extends Error {
  constructor() {
    super('E-mail is not configured: set SMTP_URL to send mail.');
    this.name = 'MailerDisabledError';
  }
}

export class MailDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MailDeliveryError';
  }
}

// nodemailer waits minutes by default; a request that sends mail should fail within seconds instead.
// Query parameters of SMTP_URL (e.g. ?connectionTimeout=30000) still override these.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** A mailer for the configured SMTP server, or a disabled one when `smtpUrl` is null. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): Mailer {
  if (!config.smtpUrl) {
    return {
      enabled: false,
      send: () => Promise.reject(new MailerDisabledError()),
    };
  }
  const smtpUrl = config.smtpUrl;
  let transport: Promise<Transporter> | null = null;
  const transportOnce = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS }, { from: config.mailFrom }),
    ));
  return {
    enabled: true,
    async send(message) {
      try {
        const info = await (
          await transportOnce()
        ).sendMail({
          to: message.to,
          cc: message.cc && message.cc.length > 0 ? message.cc : undefined,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: message.attachments?.map((attachment) => ({
            filename: attachment.filename,
            content: attachment.content,
            contentType: attachment.contentType,
          })),
        });
        return { messageId: info.messageId };
      } catch (error) {
        // The server's own words help the operator; the URL (which may hold a password) is never included.
        const reason = error instanceof Error ? error.message : String(error);
        throw new MailDeliveryError(`The mail server did not accept the message: ${reason}`, { cause: error });
      }
    },
  };
}
