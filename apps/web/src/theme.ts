import { alpha, createTheme } from '@mui/material/styles';
import { brandColors } from './brand-colors';

// The signed-in app's MUI theme; the public pages draw the same colours, font and spacing with plain CSS
// (components/plain/plain.css, which also holds the page baseline that MUI's CssBaseline used to set).
const { navy: NAVY, navyLight: NAVY_LIGHT, gold: GOLD, goldLight: GOLD_LIGHT } = brandColors;

const focusRing = {
  outline: `3px solid ${GOLD_LIGHT}`,
  outlineOffset: 2,
};

const base = createTheme({
  palette: {
    mode: 'light',
    primary: { main: NAVY, light: NAVY_LIGHT, dark: '#0b1428', contrastText: '#ffffff' },
    secondary: { main: GOLD, light: GOLD_LIGHT, dark: '#6f5207', contrastText: '#ffffff' },
    success: { main: '#2e7d32' },
    // MUI's default info blue (#0288d1) is 3.9:1 on white: its darker shade passes AA as text and as a background.
    info: { main: '#01579b' },
    // 5.4:1 against white (chips and notes with white text pass AA).
    warning: { main: '#9a5b00' },
    background: { default: '#f5f6f8', paper: '#ffffff' },
    text: { primary: '#1b2330', secondary: '#4a5568' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontWeight: 700, fontSize: '2.5rem', lineHeight: 1.2 },
    h2: { fontWeight: 700, fontSize: '2rem', lineHeight: 1.25 },
    h3: { fontWeight: 700, fontSize: '1.6rem' },
    h4: { fontWeight: 700, fontSize: '1.4rem' },
    h5: { fontWeight: 600, fontSize: '1.2rem' },
    h6: { fontWeight: 600, fontSize: '1.05rem' },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButtonBase: {
      defaultProps: { disableRipple: false },
      styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
    },
    // Touch targets of at least 44 px on phones (WCAG 2.5.5): a medium button is 37 px tall, a small icon button 34 px.
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: ({ theme }) => ({ [theme.breakpoints.down('sm')]: { minHeight: 44 } }) },
    },
    MuiIconButton: {
      styleOverrides: {
        root: ({ theme }) => ({ [theme.breakpoints.down('sm')]: { minWidth: 44, minHeight: 44 } }),
      },
    },
    MuiLink: { styleOverrides: { root: { '&:focus-visible': focusRing } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderColor: alpha(NAVY, 0.12) } },
    },
    MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600, minHeight: 48 } } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 700, backgroundColor: '#f0f2f6' } } },
    MuiAlert: { styleOverrides: { root: { alignItems: 'flex-start' } } },
  },
});

// MUI 9 reads a Typography's `color` only as a palette key ('primary', 'textSecondary'); the palette paths the screens
// use, as earlier MUI read them ('text.secondary', 'success.main'), were dropped and the text drawn in the body colour.
// Each path is a variant here, so `<Typography color="text.secondary">` is muted again.
const tones = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;
const palettePaths: [string, string][] = [
  ...(['primary', 'secondary', 'disabled'] as const).map((k): [string, string] => [
    `text.${k}`,
    base.palette.text[k],
  ]),
  ...tones.flatMap((tone) =>
    (['main', 'light', 'dark'] as const).map((k): [string, string] => [
      `${tone}.${k}`,
      base.palette[tone][k],
    ]),
  ),
];

export const theme = createTheme(base, {
  components: {
    MuiTypography: {
      variants: palettePaths.map(([path, color]) => ({ props: { color: path }, style: { color } })),
    },
  },
});
