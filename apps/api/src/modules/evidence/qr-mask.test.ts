import { createRequire } from 'node:module';
import QRCode from 'qrcode';
import { describe, expect, it, vi } from 'vitest';
import { bestMask, chooseQrMasksQuickly, type BitMatrix } from './qr-mask';

const requireHere = createRequire(import.meta.url);
/** qrcode's own BitMatrix (its getBestMask reads modules through its methods). */
const QrBitMatrix = requireHere('qrcode/lib/core/bit-matrix.js') as new (size: number) => BitMatrix;
const maskPattern = requireHere('qrcode/lib/core/mask-pattern.js') as {
  getBestMask(data: BitMatrix, setupFormat: (pattern: number) => void): number;
};
const qrcodesOwn = maskPattern.getBestMask;

/** A deterministic pseudo-random source (mulberry32), so that a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function matrix(size: number, next: () => number, darkShare: number): BitMatrix {
  const m = new QrBitMatrix(size);
  for (let i = 0; i < m.data.length; i++) {
    m.data[i] = next() < darkShare ? 1 : 0;
    m.reservedBit[i] = next() < 0.2 ? 1 : 0;
  }
  return m;
}

/** Stands for qrcode's format information: writes bits depending on the mask into reserved modules. */
const formatWriter = (m: BitMatrix) => (pattern: number) => {
  for (let i = 0; i < 15; i++) {
    const index = (i * 7 + pattern * 3) % m.data.length;
    if (m.reservedBit[index]) m.data[index] = (pattern >> (i % 3)) & 1;
  }
};

describe('the QR code mask choice', () => {
  it('picks the mask qrcode picks and leaves the modules as qrcode leaves them', () => {
    const next = random(19);
    for (let n = 0; n < 300; n++) {
      const size = 21 + 4 * Math.floor(next() * 10);
      const a = matrix(size, next, 0.2 + next() * 0.6);
      const b = new QrBitMatrix(size);
      b.data.set(a.data);
      b.reservedBit.set(a.reservedBit);
      expect(bestMask(b, formatWriter(b))).toBe(qrcodesOwn(a, formatWriter(a)));
      expect(Buffer.from(b.data).equals(Buffer.from(a.data))).toBe(true);
    }
  });

  it('is what qrcode uses once installed, and draws the same symbols', () => {
    const texts = Array.from(
      { length: 40 },
      (_, i) =>
        `https://lexserve.example/verify/LS-${'ABCDEFGHJKMNPQRS'.slice(i % 8, 8 + (i % 8))}-${i}${'x'.repeat(i * 3)}`,
    );
    const before = texts.map((t) => QRCode.create(t, { errorCorrectionLevel: 'M' }));
    chooseQrMasksQuickly();
    expect(maskPattern.getBestMask).toBe(bestMask);
    const spy = vi.fn(bestMask);
    maskPattern.getBestMask = spy;
    try {
      const after = texts.map((t) => QRCode.create(t, { errorCorrectionLevel: 'M' }));
      expect(spy).toHaveBeenCalledTimes(texts.length);
      after.forEach((symbol, i) => {
        expect(symbol.maskPattern).toBe(before[i]!.maskPattern);
        expect(Buffer.from(symbol.modules.data).equals(Buffer.from(before[i]!.modules.data))).toBe(true);
      });
    } finally {
      maskPattern.getBestMask = bestMask;
    }
  });
});
