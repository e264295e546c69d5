/** A finger needs at least 44 × 44 px (WCAG 2.5.5, Apple HIG): every control of the sheriff's phone screens has it. */
export const TAP = { minHeight: 44, minWidth: 44 } as const;
