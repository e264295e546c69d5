import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

describe('theme', () => {
  it('draws a Typography in the palette colour its path names (MUI 9 reads only palette keys by itself)', () => {
    render(
      <ThemeProvider theme={theme}>
        <Typography color="text.secondary">Muted</Typography>
        <Typography color="success.main">Verified</Typography>
        <Typography>Body</Typography>
      </ThemeProvider>,
    );
    expect(getComputedStyle(screen.getByText('Muted')).color).toBe('rgb(74, 85, 104)');
    expect(getComputedStyle(screen.getByText('Verified')).color).toBe('rgb(46, 125, 50)');
    expect(getComputedStyle(screen.getByText('Body')).color).not.toBe('rgb(74, 85, 104)');
  });
});
