import AddIcon from '@mui/icons-material/Add';
import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import PersonOffOutlinedIcon from '@mui/icons-material/PersonOffOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { CreateSheriffInput, UpdateSheriffInput } from '@lexserve/contracts/users';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { PageLoader } from '../../../components/page-loader';
import { useToast } from '../../../components/toast-provider';
import { describeError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  useAdminSheriffs,
  useCreateSheriff,
  useResendInvitation,
  useSetSheriffActive,
  useUpdateSheriff,
  type Sheriff,
  type SheriffQuery,
} from '../api/sheriffs';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { AdminPageHeader } from './admin-page-header';
import { SearchField } from './search-field';
import { SheriffFormDialog } from './sheriff-form-dialog';
import { StatusChip } from './status-chip';
import { ReasonDialog } from './user-status-reason-dialog';

type Actions = {
  onEdit: (s: Sheriff) => void;
  onAddDeputy: (s: Sheriff) => void;
  /** The sheriffs and deputies of the page, to name a deputy's office and a sheriff's deputies. */
  all: Sheriff[];
  onToggle: (s: Sheriff) => void;
  onResend: (s: Sheriff) => void;
  resending: number | null;
};

function SheriffStatus({ sheriff }: { sheriff: Sheriff }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
      <StatusChip
        status={sheriff.is_active ? 'active' : 'cancelled'}
        label={sheriff.is_active ? 'Active' : 'Inactive'}
      />
      {sheriff.must_change_password ? (
        <Chip size="small" variant="outlined" color="warning" label="Invitation pending" />
      ) : null}
    </Box>
  );
}

function Areas({ areas }: { areas: string[] }) {
  if (!areas.length)
    return (
      <Typography variant="body2" color="text.secondary">
        No service areas
      </Typography>
    );
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} aria-label="Service areas">
      {areas.map((area) => (
        <Chip key={area} size="small" label={area} />
      ))}
    </Box>
  );
}

/** The appointment as it reads, and the office's deputies (or a deputy's sheriff). */
function Appointment({ sheriff, all }: { sheriff: Sheriff; all: Sheriff[] }) {
  if (sheriff.kind === 'deputy') {
    const office = all.find((s) => s.id === sheriff.office_sheriff_id);
    return (
      <Typography variant="caption" color="text.secondary" component="div">
        {sheriff.appointment_title} · in the office of{' '}
        {office?.full_name ?? `sheriff #${sheriff.office_sheriff_id}`}
      </Typography>
    );
  }
  const deputies = all.filter((s) => s.office_sheriff_id === sheriff.id);
  return (
    <>
      <Typography variant="caption" color="text.secondary" component="div">
        {sheriff.appointment_title}
      </Typography>
      {deputies.length ? (
        <Typography variant="caption" component="div" aria-label={`Deputies of ${sheriff.full_name}`}>
          Deputies: {deputies.map((d) => d.full_name).join(', ')}
        </Typography>
      ) : null}
    </>
  );
}

function ActionButtons({
  sheriff,
  onEdit,
  onAddDeputy,
  onToggle,
  onResend,
  resending,
}: Actions & { sheriff: Sheriff }) {
  return (
    <>
      {sheriff.kind === 'sheriff' && sheriff.is_active ? (
        <Button
          size="small"
          startIcon={<GroupAddOutlinedIcon />}
          onClick={() => onAddDeputy(sheriff)}
          aria-label={`Add deputy to ${sheriff.full_name}`}
        >
          Add Deputy
        </Button>
      ) : null}
      <Button
        size="small"
        startIcon={<EditOutlinedIcon />}
        onClick={() => onEdit(sheriff)}
        aria-label={`Edit ${sheriff.full_name}`}
      >
        Edit
      </Button>
      {sheriff.must_change_password && sheriff.is_active ? (
        <Button
          size="small"
          startIcon={<MailOutlinedIcon />}
          onClick={() => onResend(sheriff)}
          disabled={resending === sheriff.id}
          aria-label={`Resend invitation to ${sheriff.full_name}`}
        >
          Resend Invitation
        </Button>
      ) : null}
      <Button
        size="small"
        color={sheriff.is_active ? 'error' : 'success'}
        startIcon={sheriff.is_active ? <PersonOffOutlinedIcon /> : <PersonOutlineIcon />}
        onClick={() => onToggle(sheriff)}
        aria-label={`${sheriff.is_active ? 'Deactivate' : 'Reactivate'} ${sheriff.full_name}`}
      >
        {sheriff.is_active ? 'Deactivate' : 'Reactivate'}
      </Button>
    </>
  );
}

function SheriffTable({ sheriffs, ...actions }: Actions & { sheriffs: Sheriff[] }) {
  return (
    <TableContainer>
      <Table aria-label="Sheriffs">
        <TableHead>
          <TableRow>
            <TableCell>Sheriff</TableCell>
            <TableCell>Office</TableCell>
            <TableCell>Service areas</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sheriffs.map((sheriff) => (
            <TableRow key={sheriff.id} hover>
              <TableCell>
                <Typography sx={{ fontWeight: 600 }}>{sheriff.full_name}</Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  {sheriff.email}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  {sheriff.phone_number ?? '-'}
                </Typography>
              </TableCell>
              <TableCell>
                <Typography variant="body2">{sheriff.office_name ?? '-'}</Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  {sheriff.appointment_number
                    ? `Appointment ${sheriff.appointment_number}`
                    : 'No appointment number'}
                </Typography>
                <Appointment sheriff={sheriff} all={actions.all} />
              </TableCell>
              <TableCell sx={{ maxWidth: 320 }}>
                <Areas areas={sheriff.service_areas} />
              </TableCell>
              <TableCell>
                <SheriffStatus sheriff={sheriff} />
              </TableCell>
              <TableCell align="right">
                <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
                  <ActionButtons sheriff={sheriff} {...actions} />
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** On a phone: one card per sheriff instead of the table. */
function SheriffCards({ sheriffs, ...actions }: Actions & { sheriffs: Sheriff[] }) {
  return (
    <Stack
      spacing={1.5}
      sx={{ p: 1.5 }}
      component="ul"
      aria-label="Sheriffs"
      style={{ listStyle: 'none', margin: 0 }}
    >
      {sheriffs.map((sheriff) => (
        <Card key={sheriff.id} variant="outlined" component="li">
          <CardContent sx={{ pb: 1 }}>
            <Typography sx={{ fontWeight: 700 }}>{sheriff.full_name}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {sheriff.email}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {sheriff.phone_number ?? '-'}
            </Typography>
            <SheriffStatus sheriff={sheriff} />
            <Typography variant="body2" sx={{ mt: 1 }}>
              {sheriff.office_name ?? '-'}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
              {sheriff.appointment_number
                ? `Appointment ${sheriff.appointment_number}`
                : 'No appointment number'}
            </Typography>
            <Box sx={{ mb: 1 }}>
              <Appointment sheriff={sheriff} all={actions.all} />
            </Box>
            <Areas areas={sheriff.service_areas} />
          </CardContent>
          <CardActions sx={{ flexWrap: 'wrap', gap: 0.5, px: 1.5, pb: 1.5 }}>
            <ActionButtons sheriff={sheriff} {...actions} />
          </CardActions>
        </Card>
      ))}
    </Stack>
  );
}

/** The page's rows with each deputy right after their sheriff (when the sheriff is on the page). */
function underTheirSheriff(list: Sheriff[]): Sheriff[] {
  const onPage = new Set(list.map((s) => s.id));
  const placed = list.filter((s) => s.kind !== 'deputy' || !onPage.has(s.office_sheriff_id ?? -1));
  return placed.flatMap((s) => [
    s,
    ...list.filter((d) => d.kind === 'deputy' && d.office_sheriff_id === s.id),
  ]);
}

/** Admin › Sheriffs: the sheriffs firms can assign, with their offices and service areas. */
export function AdminSheriffsPage() {
  useDocumentTitle('Sheriffs');
  const toast = useToast();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<SheriffQuery['status']>('all');
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(25);
  const debounced = useDebouncedValue(search);
  const sheriffs = useAdminSheriffs({
    search: debounced,
    status,
    skip: page * rowsPerPage,
    limit: rowsPerPage,
  });
  const create = useCreateSheriff();
  const update = useUpdateSheriff();
  const setActive = useSetSheriffActive();
  const resend = useResendInvitation();
  /** undefined: closed; null: a new sheriff; otherwise the sheriff edited. */
  const [editing, setEditing] = useState<Sheriff | null | undefined>(undefined);
  /** The sheriff whose office a new deputy joins (with `editing` null). */
  const [office, setOffice] = useState<Sheriff | null>(null);
  const [toggling, setToggling] = useState<Sheriff | null>(null);
  const [toggleError, setToggleError] = useState<string | null>(null);
  const [resending, setResending] = useState<number | null>(null);

  const closeForm = () => {
    setEditing(undefined);
    setOffice(null);
    create.reset();
    update.reset();
  };

  const save = async (values: CreateSheriffInput | UpdateSheriffInput) => {
    try {
      if (editing) {
        if (!Object.keys(values).length) {
          toast('No changes to save.');
          closeForm();
          return;
        }
        const answer = await update.mutateAsync({ id: editing.id, changes: values });
        toast(answer.message);
      } else {
        const answer = await create.mutateAsync(values as CreateSheriffInput);
        toast(answer.message);
      }
      closeForm();
    } catch {
      // shown in the dialog
    }
  };

  const toggle = async (reason: string) => {
    if (!toggling) return;
    setToggleError(null);
    try {
      const answer = await setActive.mutateAsync({ id: toggling.id, is_active: !toggling.is_active, reason });
      toast(answer.message);
      setToggling(null);
    } catch (caught) {
      setToggleError(describeError(caught, { fallback: 'Failed to update the sheriff. Please try again.' }));
    }
  };

  const resendTo = async (sheriff: Sheriff) => {
    setResending(sheriff.id);
    try {
      toast((await resend.mutateAsync(sheriff.id)).message);
    } catch (caught) {
      toast(describeError(caught, { fallback: 'Failed to send the invitation. Please try again.' }), 'error');
    } finally {
      setResending(null);
    }
  };

  const rows = underTheirSheriff(sheriffs.data?.sheriffs ?? []);
  const actions: Actions = {
    onEdit: setEditing,
    onAddDeputy: (s) => {
      setOffice(s);
      setEditing(null);
    },
    all: rows,
    onToggle: (s) => {
      setToggleError(null);
      setToggling(s);
    },
    onResend: (s) => void resendTo(s),
    resending,
  };
  const formError = editing ? update.error : create.error;
  return (
    <>
      <AdminPageHeader
        title="Sheriffs"
        description="The sheriffs law firms can assign documents to: their offices, appointment numbers and the magisterial districts they serve."
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)}>
            Add Sheriff
          </Button>
        }
      />
      <Paper variant="outlined">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2 }}>
          <SearchField
            value={search}
            onChange={(v) => {
              setSearch(v);
              setPage(0);
            }}
            placeholder="Search by name, email, office, number or area..."
            label="Search sheriffs"
          />
          <TextField
            select
            size="small"
            label="Status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as SheriffQuery['status']);
              setPage(0);
            }}
            sx={{ minWidth: 150, maxWidth: { md: 220 } }}
          >
            <MenuItem value="all">All</MenuItem>
            <MenuItem value="active">Active</MenuItem>
            <MenuItem value="inactive">Inactive</MenuItem>
          </TextField>
        </Stack>
        {sheriffs.isFetching && !sheriffs.isPending ? <LinearProgress aria-label="Updating" /> : null}
        {sheriffs.isPending ? (
          <PageLoader label="Loading sheriffs..." />
        ) : sheriffs.isError ? (
          <Box sx={{ p: 2 }}>
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void sheriffs.refetch()}>
                  Retry
                </Button>
              }
            >
              {describeError(sheriffs.error, { fallback: 'Failed to load sheriffs. Please try again.' })}
            </Alert>
          </Box>
        ) : rows.length === 0 ? (
          <Box sx={{ p: 2 }}>
            <EmptyState
              title="No sheriffs found"
              description={
                debounced || status !== 'all' ? 'Try another search or filter.' : 'Add the first sheriff.'
              }
            />
          </Box>
        ) : (
          <>
            {phone ? (
              <SheriffCards sheriffs={rows} {...actions} />
            ) : (
              <SheriffTable sheriffs={rows} {...actions} />
            )}
            <TablePagination
              component="div"
              count={sheriffs.data.total}
              page={page}
              rowsPerPage={rowsPerPage}
              rowsPerPageOptions={[10, 25, 50, 100]}
              onPageChange={(_, next) => setPage(next)}
              onRowsPerPageChange={(event) => {
                setRowsPerPage(Number(event.target.value));
                setPage(0);
              }}
            />
          </>
        )}
      </Paper>
      {editing !== undefined ? (
        <SheriffFormDialog
          key={editing?.id ?? `new-${office?.id ?? ''}`}
          open
          sheriff={editing}
          office={office}
          busy={create.isPending || update.isPending}
          error={formError}
          onSubmit={(values) => void save(values)}
          onCancel={closeForm}
        />
      ) : null}
      {toggling ? (
        <ReasonDialog
          open
          title={toggling.is_active ? 'Deactivate Sheriff' : 'Reactivate Sheriff'}
          message={
            toggling.is_active
              ? `${toggling.full_name} will be signed out, cannot log in and is no longer offered to firms until reactivated.`
              : `${toggling.full_name} will be able to log in and be assigned documents again.`
          }
          confirmLabel={toggling.is_active ? 'Deactivate' : 'Reactivate'}
          danger={toggling.is_active}
          busy={setActive.isPending}
          error={toggleError}
          onConfirm={(reason) => void toggle(reason)}
          onCancel={() => setToggling(null)}
        />
      ) : null}
    </>
  );
}
