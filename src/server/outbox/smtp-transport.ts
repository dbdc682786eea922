import nodemailer, { type Transporter } from 'nodemailer';
import type { MessageTransport, OutgoingMessage } from './delivery.js';

/** E-mail through SMTP (SMTP_URL, e.g. smtps://user:pass@host:465). */
export class SmtpTransport implements MessageTransport {
  private readonly transporter: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    // bounded waits: the message queue's lease on a delivery must outlast the transport's
    this.transporter = nodemailer.createTransport({ url, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
  }

  async deliver(message: OutgoingMessage): Promise<void> {
    await this.transporter.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject ?? '',
      text: message.body,
      ...(message.deliveryId ? { messageId: `<${message.deliveryId}@summit.messages>` } : {}),
    });
  }
}
