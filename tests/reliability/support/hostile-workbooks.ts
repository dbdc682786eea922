/**
 * Workbooks built at test time (issue 18 point 6), written part by part so nothing large sits
 * in memory: an ordinary sheet of N rows, and "bombs" whose shared strings inflate hugely
 * from a few hundred kB (honestly declared, or with headers that lie about the size).
 */
import { writeZip, type ZipEntry } from './zip-writer.js';

const xml = (text: string) => Buffer.from(text, 'utf8');
// a raw CR would be read back as LF (XML line-end handling): Excel writes it as a character reference too
const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/\r/g, '&#13;');

const fixedParts: ZipEntry[] = [
  {
    name: '[Content_Types].xml',
    chunks: () => [
      xml(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
      ),
    ],
  },
  {
    name: '_rels/.rels',
    chunks: () => [
      xml(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ),
    ],
  },
  {
    name: 'xl/workbook.xml',
    chunks: () => [
      xml(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="import" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    ],
  },
  {
    name: 'xl/_rels/workbook.xml.rels',
    chunks: () => [
      xml(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
      ),
    ],
  },
];

const columnName = (index: number) => String.fromCharCode(65 + index);

/** A cell: numbers as numbers, text as an inline string (no shared-strings part needed). */
function cell(ref: string, value: string | number): string {
  if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
  const space = /^\s|\s$/.test(value) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}" t="inlineStr"><is><t${space}>${escapeXml(value)}</t></is></c>`;
}

function* sheetChunks(
  header: string[],
  rowCount: number,
  rowAt: (i: number) => (string | number)[],
  sharedHeader: boolean,
): Iterable<Buffer> {
  yield xml(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
  );
  // the header from the shared strings (the bomb's) or inline
  yield xml(
    `<row r="1">${header.map((title, c) => (sharedHeader ? `<c r="${columnName(c)}1" t="s"><v>${c}</v></c>` : cell(`${columnName(c)}1`, title))).join('')}</row>`,
  );
  let batch = '';
  for (let i = 0; i < rowCount; i += 1) {
    const r = i + 2;
    batch += `<row r="${r}">${rowAt(i)
      .map((value, c) => cell(`${columnName(c)}${r}`, value))
      .join('')}</row>`;
    if (batch.length > 1 << 20) {
      yield xml(batch);
      batch = '';
    }
  }
  yield xml(`${batch}</sheetData></worksheet>`);
}

/** An .xlsx with `header` in row 1 and `rowCount` rows from `rowAt`. */
export async function writeSheet(
  filePath: string,
  header: string[],
  rowCount: number,
  rowAt: (i: number) => (string | number)[],
): Promise<void> {
  const sharedStrings: ZipEntry = {
    name: 'xl/sharedStrings.xml',
    chunks: () => [
      xml(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"></sst>',
      ),
    ],
  };
  await writeZip(filePath, [
    ...fixedParts,
    sharedStrings,
    { name: 'xl/worksheets/sheet1.xml', chunks: () => sheetChunks(header, rowCount, rowAt, false) },
  ]);
}

/**
 * A small sheet whose shared strings part holds the header and then `inflateMb` MB of one
 * repeated letter: a few hundred kB on disk. `lie`: the headers declare 1 kB for that part.
 */
export async function writeSharedStringsBomb(filePath: string, header: string[], inflateMb: number, lie = false): Promise<void> {
  const megabyte = Buffer.alloc(1 << 20, 'A');
  function* strings(): Iterable<Buffer> {
    yield xml(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${header.map((title) => `<si><t>${escapeXml(title)}</t></si>`).join('')}<si><t>`,
    );
    for (let i = 0; i < inflateMb; i += 1) yield megabyte;
    yield xml('</t></si></sst>');
  }
  await writeZip(filePath, [
    ...fixedParts,
    { name: 'xl/sharedStrings.xml', chunks: strings, ...(lie ? { declaredSize: 1024 } : {}) },
    { name: 'xl/worksheets/sheet1.xml', chunks: () => sheetChunks(header, 1, () => [2, '炸弹', '某公司'], true) },
  ]);
}

/** A well-formed ZIP whose sheet is not well-formed XML: the parser throws on it. */
export async function writeMalformedSheet(filePath: string): Promise<void> {
  const sharedStrings: ZipEntry = {
    name: 'xl/sharedStrings.xml',
    chunks: () => [
      xml(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"></sst>',
      ),
    ],
  };
  const sheet: ZipEntry = {
    name: 'xl/worksheets/sheet1.xml',
    chunks: () => [
      xml(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c></row><row r="2"><c r="A2"</sheetData></worksheet>',
      ),
    ],
  };
  await writeZip(filePath, [...fixedParts, sharedStrings, sheet]);
}
