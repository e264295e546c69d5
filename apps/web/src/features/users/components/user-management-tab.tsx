import type { User } from '@lexserve/contracts/users';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useDashboardFeedback } from '../../../components/dashboard-feedback';
import { EmptyState } from '../../../components/empty-state';
import { QueryState } from '../../../components/query-state';
import { useCurrentUser } from '../../../lib/auth';
import {
  USER_MESSAGES,
  firmUsersLoadErrorMessage,
  useFirmBranchesWithUsers,
  type CreateFirmUserResult,
  type FirmBranchesWithUsers,
} from '../api/firm-users';
import { AddUserDialog } from './add-user-dialog';
import { BranchCard } from './branch-card';
import { ChangeRoleDialog } from './change-role-dialog';
import { GeneratedPasswordDialog } from './generated-password-dialog';
import { UserStatusDialog } from './user-status-dialog';
import { UserTable, type UserAction } from './user-table';

function StatCard({ label, value }: { label: string; value: number }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary" component="p">
          {label}
        </Typography>
        <Typography variant="h4" component="p" sx={{ color: 'primary.main' }}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

const statsOf = (data: FirmBranchesWithUsers) => [
  { label: 'Total Branches', value: data.total_branches },
  { label: 'Total Users', value: data.total_users },
  { label: 'Active Branches', value: data.active_branches },
  { label: 'Active Users', value: data.active_users },
];

/** Firm User Management (spec 2.8), the firm_admin's dashboard tab. */
export function UserManagementTab() {
  const overview = useFirmBranchesWithUsers();
  const me = useCurrentUser();
  const feedback = useDashboardFeedback();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<CreateFirmUserResult | null>(null);
  const [roleTarget, setRoleTarget] = useState<User | null>(null);
  const [statusTarget, setStatusTarget] = useState<User | null>(null);

  const branchOptions = useMemo(
    () =>
      (overview.data?.branches ?? [])
        .filter((branch) => branch.is_active)
        .map(({ id, name }) => ({ id, name })),
    [overview.data],
  );

  const onAction = (action: UserAction, user: User) => {
    if (user.id === me.data?.id) {
      feedback.showError(USER_MESSAGES.ownAccount);
      return;
    }
    if (action === 'change-role') setRoleTarget(user);
    else setStatusTarget(user);
  };

  const onCreated = (result: CreateFirmUserResult) => {
    setAdding(false);
    setCreated(result);
    feedback.showSuccess(USER_MESSAGES.created(result.user.full_name));
  };

  return (
    <QueryState query={overview} loadingLabel="Loading users..." errorMessage={firmUsersLoadErrorMessage}>
      {(data) => (
        <Box>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 3 }}
          >
            <Box>
              <Typography variant="h5" component="h2">
                User Management
              </Typography>
              <Typography color="text.secondary">
                Manage the branch administrators and legal practitioners of your firm.
              </Typography>
            </Box>
            <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setAdding(true)}>
              Add New User
            </Button>
          </Stack>

          <Grid container spacing={2} sx={{ mb: 4 }} component="section" aria-label="Firm statistics">
            {statsOf(data).map((stat) => (
              <Grid key={stat.label} size={{ xs: 6, md: 3 }}>
                <StatCard label={stat.label} value={stat.value} />
              </Grid>
            ))}
          </Grid>

          <Typography variant="h6" component="h3" gutterBottom>
            Branches &amp; Users
          </Typography>
          {data.branches.length === 0 ? (
            <EmptyState title="No branches yet" description="Your firm's branches will appear here." />
          ) : (
            <Stack spacing={1.5} sx={{ mb: 4 }}>
              {data.branches.map((branch) => (
                <BranchCard
                  key={branch.id}
                  branch={branch}
                  defaultExpanded={data.branches.length === 1}
                  currentUserId={me.data?.id}
                  onAction={onAction}
                />
              ))}
            </Stack>
          )}

          <Card component="section" aria-labelledby="unassigned-users-title">
            <CardContent>
              <Typography id="unassigned-users-title" variant="h6" component="h3" gutterBottom>
                Unassigned Users ({data.unassigned_users.length})
              </Typography>
              {data.unassigned_users.length === 0 ? (
                <Typography color="text.secondary">Every user belongs to a branch.</Typography>
              ) : (
                <UserTable
                  users={data.unassigned_users}
                  currentUserId={me.data?.id}
                  caption="Unassigned users"
                  onAction={onAction}
                />
              )}
            </CardContent>
          </Card>

          <AddUserDialog
            open={adding}
            branches={branchOptions}
            onClose={() => setAdding(false)}
            onCreated={onCreated}
          />
          <GeneratedPasswordDialog result={created} onClose={() => setCreated(null)} />
          <ChangeRoleDialog
            user={roleTarget}
            branches={branchOptions}
            onClose={() => setRoleTarget(null)}
            onChanged={(message) => {
              setRoleTarget(null);
              feedback.showSuccess(message);
            }}
          />
          <UserStatusDialog
            user={statusTarget}
            onClose={() => setStatusTarget(null)}
            onChanged={(message) => {
              setStatusTarget(null);
              feedback.showSuccess(message);
            }}
          />
        </Box>
      )}
    </QueryState>
  );
}
