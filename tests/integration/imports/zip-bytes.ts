// Zips no honest tool writes, built byte by byte (zip libraries refuse to): one whose entry climbs out
// of its folder ("zip slip"), one whose entries claim to unpack to far more than any site is, and any
// other a test needs (zipOf: entries named twice, sizes that lie).
export type ZipEntry = { name: string; data: Buffer; method?: 0 | 8; claimedSize?: number };

export function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data, method = 0, claimedSize = data.length } of entries) {
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(claimedSize, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(claimedSize, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const manifest = Buffer.from(
  JSON.stringify({
    format: "northwall-site-archive",
    version: 1,
    schema: "0000",
    site: "https://x.example",
    personal: false,
    collections: {},
  }),
);
// An empty deflate stream: a real compressed file, of nothing, claiming to be 4 GB.
const nothing = Buffer.from([0x03, 0x00]);

export function hostileZip(): Record<"slip" | "bomb" | "manifest" | "truncated", Buffer> {
  const honest = zipOf([{ name: "manifest.json", data: manifest }]);
  return {
    manifest: zipOf([{ name: "manifest.json", data: Buffer.from('{"format": "northwall-site-archive",') }]),
    truncated: honest.subarray(0, honest.length - 10),
    slip: zipOf([
      { name: "manifest.json", data: manifest },
      { name: "uploads/../../escaped.txt", data: Buffer.from("out of the folder") },
    ]),
    bomb: zipOf([
      { name: "manifest.json", data: manifest },
      ...Array.from({ length: 6 }, (_, i) => ({
        name: `uploads/images/huge-${i}.jpg`,
        data: nothing,
        method: 8 as const,
        claimedSize: 0xffffffff,
      })),
    ]),
  };
}
