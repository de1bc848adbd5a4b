// Draws public/favicon.ico (a 32×32 PNG inside an ICO container): the brand's violet tile with
// a white "N". Run once with `node scripts/make/make-favicon.mjs`; the result is committed.
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const size = 32;
const pixels = Buffer.alloc(size * (size * 4 + 1));
const inTile = (x, y) => {
  const r = 7; // rounded corners
  const cx = Math.min(Math.max(x, r), size - 1 - r);
  const cy = Math.min(Math.max(y, r), size - 1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};
const inLetter = (x, y) => {
  if (y < 8 || y > 23) return false;
  if ((x >= 9 && x <= 12) || (x >= 19 && x <= 22)) return true; // the two uprights
  const diagonal = 9 + ((y - 8) * 13) / 15; // from top-left to bottom-right
  return x >= diagonal && x <= diagonal + 3.5;
};
for (let y = 0; y < size; y++) {
  const row = y * (size * 4 + 1);
  pixels[row] = 0; // no filter
  for (let x = 0; x < size; x++) {
    const i = row + 1 + x * 4;
    const [r, g, b, a] = !inTile(x, y)
      ? [0, 0, 0, 0]
      : inLetter(x, y)
        ? [255, 255, 255, 255]
        : [109, 40, 217, 255];
    pixels.set([r, g, b, a], i);
  }
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
};
const header = Buffer.alloc(13);
header.writeUInt32BE(size, 0);
header.writeUInt32BE(size, 4);
header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk("IHDR", header),
  chunk("IDAT", deflateSync(pixels)),
  chunk("IEND", Buffer.alloc(0)),
]);

const ico = Buffer.alloc(22);
ico.writeUInt16LE(0, 0);
ico.writeUInt16LE(1, 2); // icon
ico.writeUInt16LE(1, 4); // one image
ico.set([size, size, 0, 0], 6);
ico.writeUInt16LE(1, 10); // planes
ico.writeUInt16LE(32, 12); // bits per pixel
ico.writeUInt32LE(png.length, 14);
ico.writeUInt32LE(22, 18);
writeFileSync("public/favicon.ico", Buffer.concat([ico, png]));
console.log(`public/favicon.ico: ${22 + png.length} bytes`);
