// A picture's width and height from its header (decision 057): no image library is installed, and JPEG, PNG and
// WebP keep the size in their first bytes. Null when the header cannot be read.

export interface ImageSize {
  width: number;
  height: number;
}

function png(b: Buffer): ImageSize | null {
  // The signature (8 bytes), the IHDR chunk's length and name (8), then width and height.
  if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/** The first start-of-frame segment (SOF0–SOF15 but DHT, JPG and DAC) holds the size. */
function jpeg(b: Buffer): ImageSize | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      at += 2;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
    }
    at += 2 + b.readUInt16BE(at + 2);
  }
  return null;
}

function webp(b: Buffer): ImageSize | null {
  if (b.length < 30 || b.toString('latin1', 8, 12) !== 'WEBP') return null;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8X') return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  if (chunk === 'VP8L') {
    const [b0 = 0, b1 = 0, b2 = 0, b3 = 0] = b.subarray(21, 25);
    return { width: 1 + (((b1 & 0x3f) << 8) | b0), height: 1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)) };
  }
  return null;
}

/** The size of a JPEG, PNG or WebP file (by its sniffed type). */
export function imageSize(body: Buffer, type: string): ImageSize | null {
  try {
    if (type === 'image/png') return png(body);
    if (type === 'image/jpeg') return jpeg(body);
    if (type === 'image/webp') return webp(body);
  } catch {
    // A truncated header: unreadable.
  }
  return null;
}
