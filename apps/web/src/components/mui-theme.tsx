import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { theme } from '../theme';

/**
 * MUI's theme, around what is drawn with MUI: the signed-in shell and the overlays loaded on demand (toast,
 * session-expired dialog, phone menu). The public pages use no MUI and load none of it (docs/performance.md,
 * section 5); the page baseline is plain CSS for everyone.
 */
export function MuiTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
