import type { MessageChannel } from '../../../shared/message-api.js';

/** The placeholders an organiser may write, `{name}` (or `{{name}}`); an automatic message adds its own (reason, activity, …). */
export const PLACEHOLDERS = ['name', 'unit', 'guest', 'link'] as const;

const PLACEHOLDER = /\{\{?\s*([A-Za-z]+)\s*\}?\}/g;

/** The placeholders a text names that are not `allowed` (an organiser's typo is refused, not sent as "{nmae}"). */
export function unknownPlaceholders(text: string, allowed: readonly string[] = PLACEHOLDERS): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!).filter((name) => !allowed.includes(name));
}

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}

export interface MessageTexts {
  subjectZh: string;
  subjectEn: string;
  bodyZh: string;
  bodyEn: string;
}

export interface Rendered {
  subject: string | null;
  body: string;
}

/**
 * One message in both working languages, Chinese first, then the service-message footer (these
 * messages are about the person's own registration: there is nothing to unsubscribe from).
 * An SMS has no subject; its text is the two bodies and the footer.
 */
export function render(channel: MessageChannel, texts: MessageTexts, values: Record<string, string>, footer: string): Rendered {
  const bodyZh = fill(texts.bodyZh, values).trim();
  // the English text takes the English forms where there are (`nameEn` fills `{name}`)
  const english = { ...values };
  for (const [key, value] of Object.entries(values)) if (key.endsWith('En') && value) english[key.slice(0, -2)] = value;
  const bodyEn = fill(texts.bodyEn, english).trim();
  const subjects = [fill(texts.subjectZh, values).trim(), fill(texts.subjectEn, english).trim()].filter(Boolean);
  const subject = [...new Set(subjects)].join(' / ');
  if (channel === 'sms') return { subject: null, body: `${subject ? `【${subject}】` : ''}${bodyZh}\n${bodyEn}\n${footer}` };
  return { subject, body: `${bodyZh}\n\n${bodyEn}\n\n--\n${footer}` };
}
