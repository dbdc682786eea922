import { randomInt, randomUUID } from 'node:crypto';
import { loadSharp, loadSvgCaptcha } from '../lazy-modules.js';
import type { VerifyCodeData } from '../../shared/api-types.js';
import type { OneTimeCodes } from './one-time-codes.js';
import type { OutboxService } from '../outbox/outbox-service.js';

// the package's default export draws a given text, but its typings only declare the helpers
type DrawText = (text: string, options: object) => string;

const WIDTH = 120;
const HEIGHT = 40;

/** Random specks and lines drawn over the text before rasterising. */
function noiseSvg(): string {
  const parts: string[] = [];
  for (let i = 0; i < 60; i += 1) {
    const grey = 100 + randomInt(120);
    parts.push(
      `<circle cx="${randomInt(WIDTH)}" cy="${randomInt(HEIGHT)}" r="${1 + randomInt(2)}" fill="rgb(${grey},${grey},${grey})" opacity="0.6"/>`,
    );
  }
  for (let i = 0; i < 3; i += 1) {
    parts.push(
      `<line x1="${randomInt(WIDTH)}" y1="${randomInt(HEIGHT)}" x2="${randomInt(WIDTH)}" y2="${randomInt(HEIGHT)}" stroke="#777" stroke-width="1"/>`,
    );
  }
  return parts.join('');
}

/**
 * Image codes: the answer comes from the CSPRNG code store, svg-captcha draws it, and sharp
 * rasterises it to PNG with noise, so the client never receives path data that spells it out.
 * (Protection rests on the rate limits; the picture only slows down scripts.)
 */
export class CaptchaService {
  constructor(
    private readonly codes: OneTimeCodes,
    private readonly outbox: OutboxService,
  ) {}

  async create(): Promise<VerifyCodeData> {
    const [sharp, drawText] = await Promise.all([loadSharp(), loadSvgCaptcha() as Promise<unknown> as Promise<DrawText>]);
    const uuid = randomUUID();
    const answer = await this.codes.issue('captcha', uuid);
    const svg = drawText(answer, { width: WIDTH, height: HEIGHT, noise: 2, color: true, background: '#f4f7fc' });
    const withNoise = svg.replace('</svg>', `${noiseSvg()}</svg>`);
    // a 16-colour palette: about 1.3 kB instead of 5 kB of truecolour, as legible, on the
    // sign-in page's budget of 200 kB
    const png = await sharp(Buffer.from(withNoise), { limitInputPixels: WIDTH * HEIGHT * 4 })
      .png({ palette: true, colours: 16 })
      .toBuffer();
    await this.outbox.recordCaptcha(uuid, answer);
    return { uuid, img: `data:image/png;base64,${png.toString('base64')}` };
  }

  async check(uuid: string, answer: string): Promise<boolean> {
    return (await this.codes.check('captcha', uuid, answer, true)) === 'ok';
  }
}
