/**
 * File type by content (magic bytes), never by the name or the type a browser declares.
 * Used by the server after receiving and by the browser before sending.
 *
 * A signature gives every MIME name the format is known by (aliases), most specific first,
 * so an `x-upload.accept` list written with either alias matches.
 */

/** How many leading bytes `sniffMimeTypes` wants (some containers name their content late). */
export const SNIFF_BYTES = 64 * 1024;

const JPEG = ['image/jpeg'];
const PNG = ['image/png'];
const PDF = ['application/pdf'];
const ILLUSTRATOR = ['application/illustrator', 'application/postscript'];
const EPS = ['application/postscript', 'application/eps', 'image/x-eps'];
const ZIP = ['application/zip', 'application/x-zip-compressed'];
const CDR = ['application/cdr', 'application/x-cdr'];
const RAR = ['application/vnd.rar', 'application/x-rar-compressed'];
const SEVEN_ZIP = ['application/x-7z-compressed'];
const WMF = ['image/wmf', 'image/x-wmf', 'application/x-msmetafile'];
const WAV = ['audio/wav', 'audio/x-wav', 'audio/wave'];
const MP3 = ['audio/mpeg'];
const MP4 = ['video/mp4'];
const QUICKTIME = ['video/quicktime'];
const M4A = ['audio/mp4', 'audio/x-m4a'];

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((value, index) => bytes[offset + index] === value);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  let text = '';
  for (let i = from; i < Math.min(to, bytes.length); i += 1) text += String.fromCharCode(bytes[i] ?? 0);
  return text;
}

/** Latin-1 view of the head, to look for markers written as text inside binary formats. */
function contains(bytes: Uint8Array, marker: string): boolean {
  return ascii(bytes, 0, bytes.length).includes(marker);
}

/**
 * Candidate MIME types of a file from its first bytes (at least SNIFF_BYTES when the file is
 * that long); [] when unknown. Container formats are told apart by markers (heuristics):
 * - an Illustrator file is a PDF or PostScript file that names Adobe Illustrator as creator;
 * - a CorelDRAW X4+ file is a ZIP holding content/riffData.cdr or content/root.dat, older ones
 *   are RIFF files of form type "CDR".
 */
/** Major brands of the ISO media files the media rule takes (MP4 video, M4A audio). */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'f4v ',
  'dash',
  'mmp4',
  'MSNV',
  'XAVC',
  '3gp4',
  '3gp5',
  '3gp6',
  '3g2a',
]);
const M4A_BRANDS = new Set(['M4A ', 'M4B ', 'F4A ']);
/** Top-level boxes that may follow `ftyp` in a real file. */
const NEXT_BOXES = new Set([
  'moov',
  'mdat',
  'free',
  'skip',
  'wide',
  'uuid',
  'meta',
  'pdin',
  'moof',
  'sidx',
  'styp',
  'prft',
  'emsg',
  'mfra',
]);

/**
 * `ftyp` at byte 4 alone is four letters anyone can write (100 MB of anything passed):
 * the box must have a plausible size (16 bytes + whole 4-byte brands), a known major brand,
 * and, when the head reaches it, a known box after it.
 */
function isoMediaTypes(head: Uint8Array): string[] {
  const size = (((head[0] ?? 0) << 24) | ((head[1] ?? 0) << 16) | ((head[2] ?? 0) << 8) | (head[3] ?? 0)) >>> 0;
  if (size < 16 || size > 1024 || (size - 16) % 4 !== 0) return [];
  const brand = ascii(head, 8, 12);
  const types = M4A_BRANDS.has(brand) ? M4A : brand === 'qt  ' ? QUICKTIME : MP4_BRANDS.has(brand) ? MP4 : null;
  if (!types) return [];
  if (head.length >= size + 8 && !NEXT_BOXES.has(ascii(head, size + 4, size + 8))) return [];
  return types;
}

export function sniffMimeTypes(head: Uint8Array): string[] {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (ascii(head, 0, 5) === '%PDF-') {
    return contains(head, 'Adobe Illustrator') || contains(head, '%AI') ? [...ILLUSTRATOR.slice(0, 1), ...PDF] : PDF;
  }
  if (ascii(head, 0, 10) === '%!PS-Adobe') {
    return contains(head, 'Adobe Illustrator') ? [...ILLUSTRATOR, ...EPS.slice(1)] : EPS;
  }
  // DOS EPS binary header (PostScript with a preview picture)
  if (startsWith(head, [0xc5, 0xd0, 0xd3, 0xc6])) return EPS;
  if (startsWith(head, [0x50, 0x4b]) && (startsWith(head, [3, 4], 2) || startsWith(head, [5, 6], 2) || startsWith(head, [7, 8], 2))) {
    return contains(head, 'content/riffData.cdr') || contains(head, 'content/root.dat') ? [...CDR, ...ZIP] : ZIP;
  }
  if (ascii(head, 0, 7) === 'Rar!\x1a\x07\x00' || ascii(head, 0, 8) === 'Rar!\x1a\x07\x01\x00') return RAR;
  if (startsWith(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return SEVEN_ZIP;
  if (ascii(head, 0, 4) === 'RIFF') {
    const form = ascii(head, 8, 12);
    if (form.startsWith('CDR') || form.startsWith('cdr')) return CDR;
    if (form === 'WAVE') return WAV;
    return [];
  }
  // placeable WMF, then a plain WMF header: type 1 (memory) or 2 (disk), header size 9 words
  if (startsWith(head, [0xd7, 0xcd, 0xc6, 0x9a])) return WMF;
  if ((startsWith(head, [1, 0, 9, 0]) || startsWith(head, [2, 0, 9, 0])) && (startsWith(head, [0, 1], 4) || startsWith(head, [0, 3], 4))) {
    return WMF;
  }
  if (ascii(head, 4, 8) === 'ftyp') return isoMediaTypes(head);
  if (ascii(head, 0, 3) === 'ID3' || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0)) return MP3;
  return [];
}

/** The candidate the rules accept (so aliases match), else the most specific one, else null. */
export function chooseMime(candidates: string[], accept: string[] | undefined): string | null {
  return candidates.find((type) => accept?.includes(type)) ?? candidates[0] ?? null;
}

/** "Photo.JPG" -> "jpg"; no extension -> "". */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}
