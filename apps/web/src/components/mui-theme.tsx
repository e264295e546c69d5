import { ThemeProvider } from '@mui/material/styles';
import type { ComponentType, ReactNode } from 'react';
import { theme } from '../theme';

/**
 * MUI's theme, around what is drawn with MUI: the signed-in shell, the public pages still built with MUI, and the
 * overlays loaded on demand (toast, session-expired dialog, phone menu). The public first pages (home, login, verify)
 * use no MUI and load none of it (docs/performance.md, section 5); the page baseline is plain CSS for everyone.
 */
export function MuiTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

/** A page built with MUI, inside the theme (router.tsx loads this module with such a page). */
export const themed = (Page: ComponentType) =>
  function ThemedPage() {
    return (
      <MuiTheme>
        <Page />
      </MuiTheme>
    );
  };
