import { createRequire } from 'node:module';

/**
 * The QR code's mask choice, as the `qrcode` package makes it, in less time (a proof's QR code: 0.35 → 0.06 ms). For
 * each of the eight masks `qrcode` applies the mask, scores the symbol (ISO/IEC 18004 penalties N1 to N4) and keeps
 * the lowest score, reading every module through a method call and computing every mask bit with a switch. Here each
 * mask is scored in one pass over the module arrays, with its bits computed once per symbol size. Same scores, same
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
      for (let row = 0; row < size; row++)
        for (let col = 0; col < size; col++) bits[row * size + col] = condition(row, col) ? 1 : 0;
      return bits;
    });
    masksBySize.set(size, masks);
  }
  return masks;
}

/** What scoring a symbol keeps per column while it reads the symbol row by row (one set per symbol size). */
type ColumnState = { last: Uint8Array; same: Int32Array; bits: Int32Array; up: Uint8Array };
const columnStates = new Map<number, ColumnState>();
function columnStateOf(size: number): ColumnState {
  let state = columnStates.get(size);
  if (!state) {
    state = {
      last: new Uint8Array(size),
      same: new Int32Array(size),
      bits: new Int32Array(size),
      up: new Uint8Array(size),
    };
    columnStates.set(size, state);
  }
  return state;
}

/**
 * N1's share of a run now `same` modules long: a run of five or more scores 3 + (length − 5), counted as it grows
 * (3 when it reaches five, 1 for each module after). Without branches: the modules' colours are what a mask makes
 * random, so a branch on them is mispredicted half the time, which cost more than the arithmetic.
 */
const runShare = (same: number) => {
  const atLeastFive = (4 - same) >>> 31;
  return atLeastFive + 2 * (atLeastFive & ((same - 6) >>> 31));
};

/**
 * The penalty of the symbol `data` under `mask` (applied where `free`), as qrcode's getPenaltyN1..N4 add them
 * (weights 3, 3, 40, 10), in one pass over the modules, row by row; what the columns need is kept per column.
 * N1: 3 + (run − 5) for each run of five or more same-coloured modules in a row or column; N2: each 2×2 block of one
 * colour; N3: each finder-like 1:1:3:1:1 pattern with four light modules on either side (an 11-bit window, as qrcode
 * counts it); N4: the share of dark modules away from half.
 */
function penalty(
  data: Uint8Array,
  mask: Uint8Array,
  free: Uint8Array,
  size: number,
  columns: ColumnState,
): number {
  const { last: colLast, same: colSame, bits: colBits, up: above } = columns;
  let n1 = 0;
  let n2 = 0;
  let n3 = 0;
  let dark = 0;
  for (let row = 0; row < size; row++) {
    const base = row * size;
    let last = 0;
    let same = 0; // the row's first module starts a run whatever `last` says
    let bits = 0;
    let left = 0;
    let upLeft = 0;
    for (let col = 0; col < size; col++) {
      const i = base + col;
      const a = data[i]! ^ (mask[i]! & free[i]!);
      dark += a;
      // The row's run and window.
      same = (same & -(1 ^ a ^ last)) + 1;
      last = a;
      n1 += runShare(same);
      bits = ((bits << 1) & 0x7ff) | a;
      if (col >= 10 && (bits === 0x5d0 || bits === 0x05d)) n3++;
      // The column's run and window, and the 2×2 block ending here.
      const up = above[col]!;
      if (row === 0) {
        colLast[col] = a;
        colSame[col] = 1;
        colBits[col] = a;
      } else {
        const run = (colSame[col]! & -(1 ^ a ^ colLast[col]!)) + 1;
        colSame[col] = run;
        colLast[col] = a;
        n1 += runShare(run);
        const window = ((colBits[col]! << 1) & 0x7ff) | a;
        colBits[col] = window;
        if (row >= 10 && (window === 0x5d0 || window === 0x05d)) n3++;
        if (col > 0) n2 += 1 ^ ((upLeft ^ up) | (up ^ left) | (left ^ a));
      }
      upLeft = up;
      above[col] = a;
      left = a;
    }
  }
  const k = Math.abs(Math.ceil((dark * 100) / data.length / 5) - 10);
  return n1 + n3 * 40 + n2 * 3 + k * 10;
}

/**
 * qrcode's getBestMask: the first mask with the lowest penalty, format information set for each in turn (it is in
 * the reserved modules, which the mask leaves alone). qrcode masks the symbol, scores it and unmasks it; here each
 * mask is applied as the modules are read, so the symbol is left as qrcode leaves it, with the last mask's format
 * information.
 */
export function bestMask(matrix: BitMatrix, setupFormat: (pattern: number) => void): number {
  const { size, data, reservedBit } = matrix;
  const masks = masksOf(size);
  const free = new Uint8Array(data.length);
  for (let i = 0; i < free.length; i++) free[i] = reservedBit[i]! ^ 1;
  const columns = columnStateOf(size);
  let best = 0;
  let lowest = Infinity;
  for (let p = 0; p < masks.length; p++) {
    setupFormat(p);
    const score = penalty(data, masks[p]!, free, size, columns);
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
