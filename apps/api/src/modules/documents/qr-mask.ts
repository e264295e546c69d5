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

/**
 * N1 + N3 × 40 over the lines of the symbol: its rows (`lineStep` size, `cellStep` 1) or its columns (1, size). N1:
 * 3 + (run − 5) for each run of five or more same-coloured modules; N3: each finder-like 1:1:3:1:1 pattern with four
 * light modules on either side, as qrcode's getPenaltyN1 and getPenaltyN3 count them (an 11-bit window).
 */
function linePenalty(d: Uint8Array, size: number, lineStep: number, cellStep: number): number {
  let n1 = 0;
  let n3 = 0;
  for (let line = 0; line < size; line++) {
    let i = line * lineStep;
    let last = d[i]!;
    let same = 1;
    let bits = last;
    for (let k = 1; k < size; k++) {
      i += cellStep;
      const a = d[i]!;
      if (a === last) same++;
      else {
        if (same >= 5) n1 += same - 2;
        last = a;
        same = 1;
      }
      bits = ((bits << 1) & 0x7ff) | a;
      if (k >= 10 && (bits === 0x5d0 || bits === 0x05d)) n3++;
    }
    if (same >= 5) n1 += same - 2;
  }
  return n1 + n3 * 40;
}

/** N1 + N2 + N3 + N4, as qrcode's getPenaltyN1..N4 add them (weights 3, 3, 40, 10), of a symbol with `dark` dark modules. */
function penalty(d: Uint8Array, size: number, dark: number): number {
  let n2 = 0;
  for (let row = 0; row < size - 1; row++) {
    let i = row * size;
    for (let col = 0; col < size - 1; col++, i++) {
      const block = d[i]! + d[i + 1]! + d[i + size]! + d[i + size + 1]!;
      if (block === 4 || block === 0) n2++;
    }
  }
  const k = Math.abs(Math.ceil((dark * 100) / d.length / 5) - 10);
  return linePenalty(d, size, size, 1) + linePenalty(d, size, 1, size) + n2 * 3 + k * 10;
}

/**
 * qrcode's getBestMask: the first mask with the lowest penalty, format information set for each in turn. Each mask
 * is scored on a masked copy (qrcode masks the symbol, scores it and unmasks it): the symbol is left as qrcode
 * leaves it, with the last mask's format information.
 */
export function bestMask(matrix: BitMatrix, setupFormat: (pattern: number) => void): number {
  const masks = masksOf(matrix.size);
  const { data, reservedBit } = matrix;
  const masked = new Uint8Array(data.length);
  let best = 0;
  let lowest = Infinity;
  for (let p = 0; p < masks.length; p++) {
    setupFormat(p);
    const mask = masks[p]!;
    let dark = 0;
    for (let i = 0; i < data.length; i++) dark += masked[i] = data[i]! ^ (mask[i]! & (reservedBit[i]! ^ 1));
    const score = penalty(masked, matrix.size, dark);
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
