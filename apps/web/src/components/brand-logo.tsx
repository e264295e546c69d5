import GavelIcon from '@mui/icons-material/Gavel';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

export function BrandLogo({ to = '/', inverse = false }: { to?: string; inverse?: boolean }) {
  return (
    <Box
      component={RouterLink}
      to={to}
      aria-label="LexServe home"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, textDecoration: 'none', color: inverse ? '#fff' : 'primary.main' }}
    >
      <GavelIcon sx={{ color: 'secondary.light' }} aria-hidden />
      <Typography component="span" variant="h6" sx={{ fontWeight: 800, letterSpacing: 0.3, color: 'inherit' }}>
        Lex<Box component="span" sx={{ color: 'secondary.light' }}>Serve</Box>
      </Typography>
    </Box>
  );
}
