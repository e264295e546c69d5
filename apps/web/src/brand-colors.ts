/**
 * Navy and gold: the colours of a legal practice, with enough contrast for WCAG AA text. Shared by MUI's theme
 * (theme.ts) and the plain stylesheet of the public pages (components/plain/plain.css), which must not import MUI.
 */
export const brandColors = {
  navy: '#14213d',
  navyLight: '#2b3d63',
  // 4.96:1 against white, 4.59:1 against the page background: white button text and gold text both pass AA.
  gold: '#8f6a0a',
  goldLight: '#d4a72c',
} as const;
