import { createRequire } from 'node:module';

/**
 * The QR code's mask choice, as the `qrcode` package makes it, in less time (a proof's QR code: 0.35 → 0.2 ms). For
 * each of the eight masks `qrcode` applies the mask, scores the symbol (ISO/IEC 18004 penalties N1 to N4) and keeps
 * the lowest score, reading every module through a method call and computing every mask bit with a switch. Here the
 * same loops run over the module arrays, with each mask's bits computed once per symbol size. Same scores, same
 * order, same mask: the QR codes are the ones `qrcode` draws (qr-mask.test.ts).
 */

/** qrcode's BitMatrix: modules and reserved (function pattern) flags, row by row. */
export type BitMatrix = { size: number; data: Uint8Array; reservedBit: Uint8Array };
type MaskPatternModule = {
  getBestMask(data: BitMatrix, setupFormat: (pattern: number) => void): number;
};

/** ISO/IEC 18004 mask conditions, as qrcode's getMaskAt (i: row, j: column). */
const CONDITIONS: ((i: number, j: number) => boolean)[] = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_i, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i * j) % 3) + ((i + j) % 2)) % 2 === 0,
];

const masksBySize = new Map<number, Uint8Array[]>();
function masksOf(size: number): Uint8Array[] {
  let masks = masksBySize.get(size);
  if (!masks) {
    masks = CONDITIONS.map((condition) => {
      const bits = new Uint8Array(size * size);
      for (let row = 0; row < size; row++) for (let col = 0; col < size; col++) bits[row * size + col] = condition(row, col) ? 1 : 0;
      return bits;
    });
    masksBySize.set(size, masks);
  }
  return masks;
}

function applyMask(data: Uint8Array, reserved: Uint8Array, mask: Uint8Array): void {
  for (let i = 0; i < data.length; i++) if (!reserved[i] && mask[i]) data[i]! ^= 1;
}

/** N1 + N2 + N3 + N4, as qrcode's getPenaltyN1..N4 add them (weights 3, 3, 40, 10). */
function penalty(d: Uint8Array, size: number): number {
  let n1 = 0;
  let n2 = 0;
  let n3 = 0;
  for (let row = 0; row < size; row++) {
    let sameCol = 0;
    let sameRow = 0;
    let lastCol = -1;
    let lastRow = -1;
    let bitsCol = 0;
    let bitsRow = 0;
    for (let col = 0; col < size; col++) {
      const a = d[row * size + col]!;
      if (a === lastCol) sameCol++;
      else {
        if (sameCol >= 5) n1 += 3 + (sameCol - 5);
        lastCol = a;
        sameCol = 1;
      }
      const b = d[col * size + row]!;
      if (b === lastRow) sameRow++;
      else {
        if (sameRow >= 5) n1 += 3 + (sameRow - 5);
        lastRow = b;
        sameRow = 1;
      }
      bitsCol = ((bitsCol << 1) & 0x7ff) | a;
      if (col >= 10 && (bitsCol === 0x5d0 || bitsCol === 0x05d)) n3++;
      bitsRow = ((bitsRow << 1) & 0x7ff) | b;
      if (col >= 10 && (bitsRow === 0x5d0 || bitsRow === 0x05d)) n3++;
      if (row < size - 1 && col < size - 1) {
        const block = a + d[row * size + col + 1]! + d[(row + 1) * size + col]! + d[(row + 1) * size + col + 1]!;
        if (block === 4 || block === 0) n2++;
      }
    }
    if (sameCol >= 5) n1 += 3 + (sameCol - 5);
    if (sameRow >= 5) n1 += 3 + (sameRow - 5);
  }
  let dark = 0;
  for (let i = 0; i < d.length; i++) dark += d[i]!;
  const k = Math.abs(Math.ceil((dark * 100) / d.length / 5) - 10);
  return n1 + n2 * 3 + n3 * 40 + k * 10;
}

/** qrcode's getBestMask: the first mask with the lowest penalty, format information set for each in turn. */
export function bestMask(matrix: BitMatrix, setupFormat: (pattern: number) => void): number {
  const masks = masksOf(matrix.size);
  let best = 0;
  let lowest = Infinity;
  for (let p = 0; p < masks.length; p++) {
    setupFormat(p);
    applyMask(matrix.data, matrix.reservedBit, masks[p]!);
    const score = penalty(matrix.data, matrix.size);
    applyMask(matrix.data, matrix.reservedBit, masks[p]!);
    if (score < lowest) {
      lowest = score;
      best = p;
    }
  }
  return best;
}

let installed = false;
/** Has `qrcode` (the copy this package loads) choose its masks with bestMask. */
export function chooseQrMasksQuickly(): void {
  if (installed) return;
  installed = true;
  const maskPattern = createRequire(import.meta.url)('qrcode/lib/core/mask-pattern.js') as MaskPatternModule;
  maskPattern.getBestMask = bestMask;
}
