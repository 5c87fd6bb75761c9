// Makes the app icons in apps/web/public from favicon.svg: run after changing it (node scripts/make-icons.mjs).
// An ICO holding 16, 32 and 48 px PNGs of the SVG icon (PNG inside ICO: every browser since IE 11).
import { Buffer } from 'node:buffer';
import { readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
const svg = readFileSync('apps/web/public/favicon.svg');
const sizes = [16, 32, 48];
const pngs = await Promise.all(sizes.map((s) => sharp(svg, { density: 384 }).resize(s, s).png().toBuffer()));
const header = Buffer.alloc(6);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(sizes.length, 4);
let offset = 6 + 16 * sizes.length;
const entries = sizes.map((s, i) => {
  const e = Buffer.alloc(16);
  e[0] = s;
  e[1] = s;
  e.writeUInt16LE(1, 4);
  e.writeUInt16LE(32, 6);
  e.writeUInt32LE(pngs[i].length, 8);
  e.writeUInt32LE(offset, 12);
  offset += pngs[i].length;
  return e;
});
writeFileSync('apps/web/public/favicon.ico', Buffer.concat([header, ...entries, ...pngs]));
await sharp(svg, { density: 384 }).resize(180, 180).png().toFile('apps/web/public/apple-touch-icon.png');
