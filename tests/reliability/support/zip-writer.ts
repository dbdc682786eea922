/**
 * A minimal ZIP writer for hostile test workbooks: entries are deflated as streams (a 400 MB
 * entry never sits in memory) and the sizes written in the headers can be made to lie.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** the entry's content, produced chunk by chunk */
  chunks: () => Iterable<Buffer>;
  /** write this uncompressed size in the headers instead of the true one */
  declaredSize?: number;
}

function dosDateTime(): { time: number; date: number } {
  return { time: 0, date: ((2026 - 1980) << 9) | (1 << 5) | 1 };
}

async function deflated(entry: ZipEntry, fd: number, at: number): Promise<{ crc: number; size: number; compressed: number }> {
  const deflate = zlib.createDeflateRaw({ level: 9 });
  let crc = 0;
  let size = 0;
  let compressed = 0;
  const written = (async () => {
    for await (const chunk of deflate as AsyncIterable<Buffer>) {
      fs.writeSync(fd, chunk, 0, chunk.length, at + compressed);
      compressed += chunk.length;
    }
  })();
  for (const chunk of entry.chunks()) {
    crc = zlib.crc32(chunk, crc);
    size += chunk.length;
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await written;
  return { crc, size, compressed };
}

/** Writes `entries` as a ZIP file at `filePath`. */
export async function writeZip(filePath: string, entries: ZipEntry[]): Promise<void> {
  const fd = fs.openSync(filePath, 'w');
  try {
    const central: Buffer[] = [];
    let offset = 0;
    const { time, date } = dosDateTime();
    for (const entry of entries) {
      const name = Buffer.from(entry.name, 'utf8');
      const headerSize = 30 + name.length;
      const { crc, size, compressed } = await deflated(entry, fd, offset + headerSize);
      const declared = entry.declaredSize ?? size;
      const local = Buffer.alloc(headerSize);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(0x0800, 6);
      local.writeUInt16LE(8, 8);
      local.writeUInt16LE(time, 10);
      local.writeUInt16LE(date, 12);
      local.writeUInt32LE(crc >>> 0, 14);
      local.writeUInt32LE(compressed, 18);
      local.writeUInt32LE(declared, 22);
      local.writeUInt16LE(name.length, 26);
      local.writeUInt16LE(0, 28);
      name.copy(local, 30);
      fs.writeSync(fd, local, 0, local.length, offset);
      const record = Buffer.alloc(46 + name.length);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(20, 4);
      record.writeUInt16LE(20, 6);
      record.writeUInt16LE(0x0800, 8);
      record.writeUInt16LE(8, 10);
      record.writeUInt16LE(time, 12);
      record.writeUInt16LE(date, 14);
      record.writeUInt32LE(crc >>> 0, 16);
      record.writeUInt32LE(compressed, 20);
      record.writeUInt32LE(declared, 24);
      record.writeUInt16LE(name.length, 28);
      record.writeUInt32LE(offset, 42);
      name.copy(record, 46);
      central.push(record);
      offset += headerSize + compressed;
    }
    const directory = Buffer.concat(central);
    fs.writeSync(fd, directory, 0, directory.length, offset);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(entries.length, 8);
    end.writeUInt16LE(entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    fs.writeSync(fd, end, 0, end.length, offset + directory.length);
  } finally {
    fs.closeSync(fd);
  }
}
