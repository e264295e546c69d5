import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { usageColor, type UsageBar } from '../usage-display';

/** One usage bar (spec 2.9): label, 'used / limit' (∞ when unlimited), colour by threshold. */
export function UsageProgress({ label, bar }: { label: string; bar: UsageBar }) {
  const id = useId();
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.75, gap: 2 }}>
        <Typography id={id} sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography
          color={
            bar.level === 'error' ? 'error.main' : bar.level === 'warning' ? 'warning.main' : 'text.secondary'
          }
          sx={{ fontWeight: 600 }}
        >
          {bar.label}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={bar.percent}
        color={usageColor(bar.level)}
        aria-labelledby={id}
        aria-valuetext={
          bar.unlimited ? `${bar.label}, unlimited` : `${bar.label}, ${Math.round(bar.percent)}%`
        }
        sx={{ height: 10, borderRadius: 5, bgcolor: 'grey.200' }}
      />
      {bar.level !== 'normal' ? (
        <Typography
          variant="caption"
          color={bar.level === 'error' ? 'error.main' : 'warning.main'}
          sx={{ mt: 0.5, display: 'block' }}
        >
          {bar.level === 'error'
            ? 'Almost at your plan limit. Consider upgrading.'
            : 'Approaching your plan limit.'}
        </Typography>
      ) : null}
    </Box>
  );
}
