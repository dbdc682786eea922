import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

/** One badge to print: what a person at the door compares, and the signed token of the QR code. */
export interface BadgeFace {
  token: string;
  nameZh: string;
  nameEn: string | null;
  unitName: string;
  /** the guest type in both languages, or the entourage label */
  kindLabel: string;
  photo: Buffer | null;
}

/** A CJK font: BADGE_FONT, else Noto Sans CJK where Debian's fonts-noto-cjk puts it. */
const FONT_CANDIDATES: { file: string; family?: string }[] = [
  { file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { file: '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc', family: 'NotoSerifCJKsc-Regular' },
];

export function badgeFont(configured: string | null): { file: string; family?: string } | null {
  const candidates = configured ? [{ file: configured }, ...FONT_CANDIDATES] : FONT_CANDIDATES;
  return candidates.find((candidate) => fs.existsSync(candidate.file)) ?? null;
}

// A6 portrait, in points
const WIDTH = 298;
const HEIGHT = 420;
const MARGIN = 20;
const PHOTO_WIDTH = 105;
const PHOTO_HEIGHT = 140;
const QR_SIZE = 120;

/**
 * Badges as one PDF, a page each. Without a CJK font (fonts-noto-cjk not installed) the
 * Chinese text cannot be drawn: the page then carries the English name, and the caller says so.
 */
export async function badgePdf(faces: BadgeFace[], font: { file: string; family?: string } | null): Promise<Buffer> {
  const doc = new PDFDocument({ size: [WIDTH, HEIGHT], margin: MARGIN, autoFirstPage: false, info: { Title: 'Badges' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  if (font) doc.registerFont('badge', font.file, font.family);
  const textFont = font ? 'badge' : 'Helvetica';
  for (const face of faces) {
    doc.addPage();
    doc.font(textFont);
    if (face.photo) {
      try {
        doc.image(face.photo, (WIDTH - PHOTO_WIDTH) / 2, MARGIN, { fit: [PHOTO_WIDTH, PHOTO_HEIGHT], align: 'center' });
      } catch {
        // a picture pdfkit cannot place (not JPEG or PNG): the badge is still printed, with no photo
      }
    }
    let y = MARGIN + PHOTO_HEIGHT + 10;
    const line = (text: string, size: number) => {
      doc.fontSize(size).text(text, MARGIN, y, { width: WIDTH - 2 * MARGIN, align: 'center', lineBreak: false, ellipsis: true });
      y += size + 6;
    };
    line(font ? face.nameZh : (face.nameEn ?? ''), 20);
    if (font && face.nameEn) line(face.nameEn, 13);
    line(font ? face.unitName : '', 10);
    line(face.kindLabel, 10);
    const qr = await QRCode.toBuffer(face.token, { errorCorrectionLevel: 'M', margin: 1, width: 360 });
    doc.image(qr, (WIDTH - QR_SIZE) / 2, HEIGHT - MARGIN - QR_SIZE, { width: QR_SIZE, height: QR_SIZE });
  }
  if (faces.length === 0) doc.addPage();
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
