/**
 * Tiny logo, video and audio files for the good-wishes upload rules: only their leading bytes
 * matter to the sniffer (src/shared/file-signatures.ts), the rest is padding.
 */
const pad = (head: Buffer, size = 2000, fill = 0x20) => Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), fill)]);
const latin = (text: string) => Buffer.from(text, 'latin1');
const u32le = (value: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value);
  return buffer;
};

/** an ISO base-media file (mp4, mov, m4a): size, "ftyp", major brand */
function isoMedia(brand: string, size = 4000): Buffer {
  return pad(
    Buffer.concat([
      Buffer.from([0, 0, 0, 0x1c]),
      latin('ftyp'),
      latin(brand),
      Buffer.from([0, 0, 2, 0]),
      latin('isomiso2mp41'),
      Buffer.from([0, 0, 0, 8]),
      latin('mdat'),
    ]),
    size,
    0,
  );
}

export const wishFiles = {
  /** %!PS-Adobe ... EPSF: what the e2e test generates too */
  eps: () =>
    pad(
      latin(
        '%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 100 100\n%%EndComments\nnewpath 10 10 moveto 90 90 lineto stroke\nshowpage\n%%EOF\n',
      ),
    ),
  /** DOS EPS binary header (PostScript with a TIFF/WMF preview) */
  dosEps: () => pad(Buffer.concat([Buffer.from([0xc5, 0xd0, 0xd3, 0xc6]), u32le(30), u32le(100), Buffer.alloc(18)]), 2000, 0),
  /** Illustrator saved PDF-compatible */
  aiPdf: () => pad(latin('%PDF-1.6\n%AI12_FileFormatLevel: 3\n<xmp:CreatorTool>Adobe Illustrator 27.0</xmp:CreatorTool>\n%%EOF\n')),
  /** Illustrator 8 and older: PostScript naming Illustrator as creator */
  aiPs: () => pad(latin('%!PS-Adobe-3.0\n%%Creator: Adobe Illustrator(R) 8.0\n%%EndComments\n')),
  /** placeable WMF (Aldus header) */
  wmfPlaceable: () => pad(Buffer.from([0xd7, 0xcd, 0xc6, 0x9a, 0, 0, 0, 0, 0, 0, 0xe8, 0x03, 0xe8, 0x03]), 2000, 0),
  /** plain WMF header: type 1 (memory), header 9 words, version 0x0300 */
  wmfPlain: () => pad(Buffer.from([0x01, 0x00, 0x09, 0x00, 0x00, 0x03, 0x22, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), 2000, 0),
  /** CorelDRAW up to X3: RIFF container of form type CDR */
  cdr: () => pad(Buffer.concat([latin('RIFF'), u32le(1992), latin('CDR9vrsn')]), 2000, 0),
  /** a plain PDF: the other reading (ai/eps/pdf) only */
  pdf: () => pad(latin('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n')),
  png: () => pad(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 2000, 0),
  mp4: () => isoMedia('isom'),
  mov: () => isoMedia('qt  '),
  m4a: () => isoMedia('M4A '),
  mp3Id3: () => pad(Buffer.concat([latin('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0])]), 4000, 0),
  mp3Frame: () => pad(Buffer.from([0xff, 0xfb, 0x90, 0x64]), 4000, 0),
  wav: () => pad(Buffer.concat([latin('RIFF'), u32le(3992), latin('WAVEfmt ')]), 4000, 0),
};

/** A file of `bytes` bytes starting like `head` (size-limit tests). */
export function sized(head: Buffer, bytes: number): Buffer {
  return Buffer.concat([head.subarray(0, Math.min(head.length, bytes)), Buffer.alloc(Math.max(0, bytes - head.length), 0x20)]);
}
