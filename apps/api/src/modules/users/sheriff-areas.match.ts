import type { AREA_MATCH_KINDS } from '@lexserve/contracts/sheriff-areas';

/** What the matcher needs of an area. */
export type MatchableArea = {
  id: number;
  name: string;
  magisterialDistricts: string[];
  suburbs: string[];
  postalCodes: string[];
};

type AreaMatch<A extends MatchableArea> = {
  area: A;
  kind: (typeof AREA_MATCH_KINDS)[number];
  value: string;
};

/** Lower case, accents dropped, anything but letters and digits a single space: "Sea-Point, Cape Town" → "sea point cape town". */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The 4-digit tokens of an address (not parts of longer numbers), last first: a South African address ends with its code. */
export function postalCodeTokens(address: string): string[] {
  return [...address.matchAll(/(?<![0-9])[0-9]{4}(?![0-9])/g)].map((m) => m[0]).reverse();
}

/** The longest of `names` named in the folded address as whole words (case and accents ignored), if any. */
function longestNamed(folded: string, names: string[]): string | undefined {
  let best: string | undefined;
  let bestLength = 0;
  for (const name of names) {
    const f = foldText(name);
    if (f.length > bestLength && ` ${folded} `.includes(` ${f} `)) {
      best = name;
      bestLength = f.length;
    }
  }
  return best;
}

function byNamed<A extends MatchableArea>(
  folded: string,
  areas: readonly A[],
  kind: 'suburb' | 'magisterial_district',
): AreaMatch<A> | null {
  let found: AreaMatch<A> | null = null;
  for (const area of areas) {
    const value = longestNamed(folded, kind === 'suburb' ? area.suburbs : area.magisterialDistricts);
    if (value && (!found || foldText(value).length > foldText(found.value).length))
      found = { area, kind, value };
  }
  return found;
}

/**
 * The area of an address, by what the address text names, in this order: a 4-digit postal code (the last one first;
 * "12 Long Street, Cape Town, 8001"), a suburb, a magisterial district (case- and accent-insensitive whole words; the
 * longest name wins, so "Pretoria North" beats "Pretoria"). Areas are tried in the order given (by name), so of two
 * areas listing the same postal code the first wins. Null when nothing matches: the area is then "not confirmed".
 */
export function matchArea<A extends MatchableArea>(
  address: string,
  areas: readonly A[],
): AreaMatch<A> | null {
  for (const code of postalCodeTokens(address)) {
    const area = areas.find((a) => a.postalCodes.includes(code));
    if (area) return { area, kind: 'postal_code', value: code };
  }
  const folded = foldText(address);
  if (!folded) return null;
  return byNamed(folded, areas, 'suburb') ?? byNamed(folded, areas, 'magisterial_district');
}
