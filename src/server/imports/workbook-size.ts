import yauzl from 'yauzl';

/**
 * What an .xlsx may unpack to, read from the ZIP central directory before anything is inflated.
 * The largest allowed import (MAX_IMPORT_ROWS rows of every catalogue column) unpacks to about
 * 15 MB of XML; 64 MB leaves room for styles and long texts while a 400 MB "shared strings"
 * bomb is refused unopened.
 */
export const MAX_WORKBOOK_INFLATED_BYTES = 64 * 1024 * 1024;
/** An .xlsx has a dozen parts; thousands of entries are not a workbook a person made. */
export const MAX_WORKBOOK_ENTRIES = 1000;

export type WorkbookSize =
  { kind: 'ok'; inflatedBytes: number; entries: number } | { kind: 'tooLarge'; inflatedBytes: number } | { kind: 'unreadable' };

/**
 * Sums the declared uncompressed sizes of the ZIP's entries (yauzl reads only the central
 * directory here). A ZIP may lie about those sizes: the parsing worker's heap and time limits
 * are the second line (see workbook-reader.ts).
 */
export function measureWorkbook(filePath: string, maxInflatedBytes = MAX_WORKBOOK_INFLATED_BYTES): Promise<WorkbookSize> {
  return new Promise((resolve) => {
    yauzl.open(filePath, { lazyEntries: true, autoClose: true, strictFileNames: false }, (openError, zip) => {
      if (openError || !zip) return resolve({ kind: 'unreadable' });
      let inflatedBytes = 0;
      let entries = 0;
      let settled = false;
      const finish = (result: WorkbookSize) => {
        if (settled) return;
        settled = true;
        zip.close();
        resolve(result);
      };
      zip.on('entry', (entry: yauzl.Entry) => {
        entries += 1;
        inflatedBytes += entry.uncompressedSize;
        if (inflatedBytes > maxInflatedBytes || entries > MAX_WORKBOOK_ENTRIES) return finish({ kind: 'tooLarge', inflatedBytes });
        zip.readEntry();
      });
      zip.on('end', () => finish({ kind: 'ok', inflatedBytes, entries }));
      zip.on('error', () => finish({ kind: 'unreadable' }));
      zip.readEntry();
    });
  });
}
