import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The card that holds the login, sign-up and password pages. */
export function AuthCard({ title, subtitle, children, maxWidth = 'xs' }: { title: string; subtitle?: ReactNode; children: ReactNode; maxWidth?: 'xs' | 'sm' | 'md' }) {
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 4, sm: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, borderTop: '4px solid', borderTopColor: 'secondary.main' }}>
        <Box sx={{ mb: 3, textAlign: 'center' }}>
          <Typography variant="h4" component="h1" gutterBottom>
            {title}
          </Typography>
          {subtitle ? <Typography color="text.secondary">{subtitle}</Typography> : null}
        </Box>
        {children}
      </Paper>
    </Container>
  );
}
