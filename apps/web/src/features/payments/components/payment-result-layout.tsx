import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type Tone = 'success' | 'error' | 'warning' | 'info';

/** The centred card of the payment return pages: a large icon, a heading, a lead and the content. */
export function PaymentResultLayout({
  icon,
  tone,
  title,
  lead,
  children,
}: {
  icon: ReactNode;
  tone: Tone;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{ maxWidth: 720, mx: 'auto', p: { xs: 3, sm: 5 }, borderTop: 4, borderTopColor: `${tone}.main` }}
    >
      <Box sx={{ textAlign: 'center', mb: 3 }}>
        <Box sx={{ color: `${tone}.main`, '& svg': { fontSize: 72 } }} aria-hidden>
          {icon}
        </Box>
        <Typography variant="h4" component="h1" sx={{ mt: 1 }}>
          {title}
        </Typography>
        {lead ? (
          <Typography color="text.secondary" sx={{ mt: 1.5, fontSize: '1.05rem' }}>
            {lead}
          </Typography>
        ) : null}
      </Box>
      {children}
    </Paper>
  );
}

/** A definition list of label/value rows. */
export function DetailRows({ rows, label }: { rows: { label: string; value: ReactNode }[]; label?: string }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{ m: 0, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}
    >
      {rows.map((row, index) => (
        <Box
          key={row.label}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' },
            gap: 1,
            px: 2,
            py: 1.25,
            bgcolor: index % 2 ? 'background.paper' : 'grey.50',
          }}
        >
          <Typography component="dt" color="text.secondary" sx={{ fontWeight: 600 }}>
            {row.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
            {row.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
