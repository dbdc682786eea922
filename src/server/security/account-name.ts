/** Mobile numbers are stored as 11 digits (without +86/0086), e-mail addresses in lower case. */
export function normaliseAccount(raw: string): string {
  const value = raw.trim();
  if (value.includes('@')) return value.toLowerCase();
  return value.replace(/^(?:\+86|0086)/, '');
}

export function channelOf(account: string): 'sms' | 'email' {
  return account.includes('@') ? 'email' : 'sms';
}
