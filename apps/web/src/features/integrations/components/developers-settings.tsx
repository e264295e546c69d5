import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { ApiKeysPanel } from './api-keys-panel';
import { WebhooksPanel } from './webhooks-panel';

/** Developers: the firm's API keys and webhook endpoints (firm administrators only). */
export function DevelopersSettings() {
  return (
    <Stack spacing={3}>
      <Card>
        <CardContent>
          <ApiKeysPanel />
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <WebhooksPanel />
        </CardContent>
      </Card>
    </Stack>
  );
}
