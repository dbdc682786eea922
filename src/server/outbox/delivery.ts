import { maskMobile } from '../../shared/sensitive-fields.js';
import type { MessageChannel } from '../../shared/message-api.js';

/** What an adapter delivers: the real text, including the code. */
export interface OutgoingMessage {
  channel: MessageChannel;
  to: string;
  subject: string | null;
  body: string;
  /** the same for every attempt of one delivery (an e-mail's Message-ID): a receiver can tell a repeat */
  deliveryId?: string;
}

/** An SMS provider (a real one plugs in here); e-mail goes through SMTP when configured. */
export interface MessageTransport {
  deliver(message: OutgoingMessage): Promise<void>;
}

export interface Logger {
  info(object: object, message: string): void;
}

/**
 * Development and fallback transport: writes the message to the log. Outside production the
 * text (with the code) is logged so a newcomer can read it; in production only the address (a mobile masked).
 */
export class LogTransport implements MessageTransport {
  constructor(
    private readonly log: Logger,
    private readonly includeText: boolean,
  ) {}

  async deliver(message: OutgoingMessage): Promise<void> {
    this.log.info(
      // a mobile is personal data: the log gets its mask (the dev outbox shows it whole)
      {
        outbox: {
          channel: message.channel,
          to: message.channel === 'sms' ? maskMobile(message.to) : message.to,
          ...(this.includeText ? { body: message.body } : {}),
        },
      },
      'outbox message',
    );
  }
}
