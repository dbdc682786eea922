/**
 * Content-Disposition of a published download: `attachment`, an ASCII fallback (RFC 6266) and
 * the UTF-8 name as an RFC 5987 ext-value. encodeURIComponent leaves ' ( ) * unescaped, which
 * are not attr-chars of RFC 5987, so they are percent-encoded too.
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  const extValue = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${extValue}`;
}
