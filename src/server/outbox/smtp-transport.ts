import nodemailer, { type Transporter } from 'nodemailer';
import type { MessageTransport, OutgoingMessage } from './delivery.js';

/** E-mail through SMTP (SMTP_URL, e.g. smtps://user:pass@host:465). */
export class SmtpTransport implements MessageTransport {
  private readonly transporter: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transporter = nodemailer.createTransport(url);
  }

  async deliver(message: OutgoingMessage): Promise<void> {
    await this.transporter.sendMail({ from: this.from, to: message.to, subject: message.subject ?? '', text: message.body });
  }
}
