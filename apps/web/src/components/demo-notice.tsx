import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useIsDemoInstallation } from '../lib/server-meta';

export const DEMO_NOTICE = 'Demo installation: sample data and a payment simulator; not for real cases.';

/** One line in a footer, shown only when the server says it is a demo installation. */
export function DemoInstallationNote() {
  const demo = useIsDemoInstallation();
  if (!demo) return null;
  return (
    <Typography variant="body2" role="note" sx={{ mt: 1, fontWeight: 600 }}>
      {DEMO_NOTICE}
    </Typography>
  );
}

/** The signed-in screens' footer: only the demo note (nothing at all on a production installation). */
export function DemoFooter() {
  const demo = useIsDemoInstallation();
  if (!demo) return null;
  return (
    <Box component="footer" sx={{ py: 1.5, px: 2, textAlign: 'center', bgcolor: 'warning.main', color: 'warning.contrastText' }}>
      <Typography variant="body2" role="note">
        {DEMO_NOTICE}
      </Typography>
    </Box>
  );
}
