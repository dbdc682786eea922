import type { MessageChannel } from '../../shared/message-api.js';

/** Mobile numbers are stored as 11 digits (without +86/0086), e-mail addresses in lower case. */
export function normaliseAccount(raw: string): string {
  const value = raw.trim();
  if (value.includes('@')) return value.toLowerCase();
  return value.replace(/^(?:\+86|0086)/, '');
}

export function channelOf(account: string): MessageChannel {
  return account.includes('@') ? 'email' : 'sms';
}
