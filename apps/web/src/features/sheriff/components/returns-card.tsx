import GavelIcon from '@mui/icons-material/Gavel';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Document } from '@lexserve/contracts/documents';
import { Fragment, useState } from 'react';
import { describeError } from '../../../lib/api-client';
import { useReturns } from '../api/returns';
import { useServiceAttempts } from '../api/service-attempts';
import { useServiceAddress } from '../hooks/use-service-address';
import { IssueReturnDialog } from './issue-return-dialog';
import { IssuedReturnSummary } from './issued-return-summary';
import { TAP } from './tap';

type ReturnsCardProps = { document: Document; isAssignedSheriff: boolean };

/**
 * The sheriff's returns of service and non-service, newest first. The assigned sheriff issues one while the document
 * is with the sheriff for service (status `assigned`); a non-service return leaves it there for a later one.
 */
export function ReturnsCard({ document, isAssignedSheriff }: ReturnsCardProps) {
  const returns = useReturns(document.id);
  const attempts = useServiceAttempts(document.id);
  const [open, setOpen] = useState(false);
  const canIssue = isAssignedSheriff && document.status === 'assigned' && !document.is_revoked;
  const list = returns.data ?? [];
  const serviceAddress = useServiceAddress(document);
  const lastAddress =
    [...(attempts.data ?? [])].sort((a, b) => b.server_time.localeCompare(a.server_time))[0]?.address ??
    serviceAddress;

  return (
    <Card>
      <CardContent>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 1, flexWrap: 'wrap' }}
        >
          <Typography variant="h6" component="h3">
            Returns of Service
          </Typography>
          {canIssue ? (
            <Button
              variant="contained"
              color="secondary"
              startIcon={<GavelIcon />}
              onClick={() => setOpen(true)}
              sx={{ ...TAP, width: { xs: '100%', sm: 'auto' } }}
            >
              Issue Return
            </Button>
          ) : null}
        </Stack>
        {returns.isLoading ? (
          <Skeleton variant="rounded" height={100} />
        ) : returns.isError ? (
          <Alert severity="error">
            {describeError(returns.error, { fallback: 'Failed to load the returns' })}
          </Alert>
        ) : list.length === 0 ? (
          <Typography color="text.secondary">
            {document.status === 'assigned'
              ? `No return has been issued yet. ${canIssue ? 'Issue it once service is done, or when it cannot be done.' : 'The sheriff issues it once service is done, or when it cannot be done.'}`
              : 'No return has been issued.'}
          </Typography>
        ) : (
          <Stack spacing={2} divider={<Divider flexItem />}>
            {list.map((r, i) => (
              <Fragment key={r.id}>
                <IssuedReturnSummary document={document} serviceReturn={r} latest={i === 0} />
              </Fragment>
            ))}
          </Stack>
        )}
      </CardContent>
      {open ? (
        <IssueReturnDialog document={document} lastAddress={lastAddress} onClose={() => setOpen(false)} />
      ) : null}
    </Card>
  );
}
