import Typography from '@mui/material/Typography';
import { DevelopersSettings } from '../../features/integrations/components/developers-settings';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Developers (issue 20): API keys and webhooks of the firm, for its administrators (the route is guarded by role). */
export function DevelopersPage() {
  useDocumentTitle('Developers');
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        Developers
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Connect your practice-management system to LexServe with API keys and signed webhooks.
      </Typography>
      <DevelopersSettings />
    </>
  );
}
