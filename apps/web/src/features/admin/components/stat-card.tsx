import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

type Props = {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon?: ReactNode;
  to?: string;
  loading?: boolean;
  color?: string;
};

/** A figure with its label; a link when `to` is given. */
export function StatCard({ label, value, hint, icon, to, loading = false, color = 'primary.main' }: Props) {
  const content = (
    <CardContent sx={{ p: 2.5 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
        <Typography color="text.secondary" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        {icon ? (
          <Box sx={{ color, display: 'inline-flex', p: 1, borderRadius: 2, bgcolor: 'grey.100' }} aria-hidden>
            {icon}
          </Box>
        ) : null}
      </Box>
      <Typography component="p" sx={{ fontSize: '2rem', fontWeight: 800, color, lineHeight: 1.2, mt: 0.5 }}>
        {loading ? <Skeleton width={80} /> : value}
      </Typography>
      {hint ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {loading ? <Skeleton width={120} /> : hint}
        </Typography>
      ) : null}
    </CardContent>
  );
  return (
    <Card sx={{ height: '100%' }}>
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}
