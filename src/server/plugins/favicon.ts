import type { FastifyInstance } from 'fastify';
import { loadSharp } from '../lazy-modules.js';

/** The portal's mark (theme colour, a white "S"): drawn here so no binary sits in the repository. */
const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
<rect width="64" height="64" rx="14" fill="#3d87fe"/>
<path d="M44 20c-3-4-8-6-13-6-7 0-12 4-12 10 0 13 26 8 26 20 0 6-6 10-13 10-6 0-11-3-14-7" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round"/>
</svg>`;

/** An ICO file holding one 32x32 PNG (every browser reads PNG-in-ICO). */
export async function faviconIco(): Promise<Buffer> {
  const sharp = await loadSharp();
  const png = await sharp(Buffer.from(ICON_SVG)).resize(32, 32).png({ palette: true, colours: 16 }).toBuffer();
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(32, 6); // width
  header.writeUInt8(32, 7); // height
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14); // image size
  header.writeUInt32LE(header.length, 18); // image offset
  return Buffer.concat([header, png]);
}

/** GET /favicon.ico: browsers ask for it on every site; a 404 there filled the logs. */
export async function registerFavicon(app: FastifyInstance): Promise<void> {
  // drawn on the first request, not at start (sharp loads with it)
  let icon: Promise<Buffer> | null = null;
  app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) => {
    icon ??= faviconIco();
    icon.catch(() => (icon = null));
    return reply
      .header('content-type', 'image/x-icon')
      .header('cache-control', 'public, max-age=86400')
      .send(await icon);
  });
}
