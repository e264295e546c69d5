/** Where a field's list opens: below the field, or above it when there is more room there; as tall as that room allows. */
export type ListPlacement = { up: boolean; maxHeight: number };

export const BELOW: ListPlacement = { up: false, maxHeight: 320 };

/** The placement for a list under (or over) `field`, from the room the window leaves it (as MUI's Popper flips). */
export function listPlacement(field: Element | null): ListPlacement {
  const rect = field?.getBoundingClientRect();
  if (!rect) return BELOW;
  const below = window.innerHeight - rect.bottom - 16;
  const above = rect.top - 16;
  const up = below < 320 && above > below;
  return { up, maxHeight: Math.max(160, Math.min(up ? above : below, 480)) };
}
