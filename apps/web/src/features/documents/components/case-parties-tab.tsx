import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import StarIcon from '@mui/icons-material/Star';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  PARTY_ROLES,
  PARTY_ROLE_LABELS,
  partyDisplayName,
  type PartyLink,
  type PartyRole,
} from '@lexserve/contracts/parties';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { QueryState } from '../../../components/query-state';
import { describeError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useDocumentParties } from '../../../lib/documents-api/parties';

/** Party links grouped by role, in the order of the role list (unknown roles last). */
const groupByRole = (links: readonly PartyLink[]): [string, PartyLink[]][] => {
  const groups = new Map<string, PartyLink[]>();
  for (const link of links) groups.set(link.role, [...(groups.get(link.role) ?? []), link]);
  const order = (role: string) => {
    const index = (PARTY_ROLES as readonly string[]).indexOf(role);
    return index === -1 ? PARTY_ROLES.length : index;
  };
  return [...groups.entries()].sort(([a], [b]) => order(a) - order(b));
};

const roleLabel = (role: string) => PARTY_ROLE_LABELS[role as PartyRole] ?? role;
const genderLabel = (value: string | null) => (value === 'N/A' ? 'Prefer not to say' : value);

/** The Parties tab (spec 2.10): grouped by role with a count per group. */
export function CasePartiesTab({ documentId }: { documentId: number }) {
  const parties = useDocumentParties(documentId);
  return (
    <QueryState
      query={parties}
      loading={
        <Stack spacing={2} role="status" aria-label="Loading parties">
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={120} />
        </Stack>
      }
      errorMessage={(error) => describeError(error, { fallback: 'Failed to load case information' })}
      isEmpty={(links) => links.length === 0}
      empty={
        <EmptyState
          icon={<PersonOutlineIcon />}
          title="No parties"
          description="No parties have been added to this case."
        />
      }
    >
      {(links) => <PartyGroups links={links} />}
    </QueryState>
  );
}

function PartyGroups({ links }: { links: PartyLink[] }) {
  return (
    <Stack spacing={3}>
      {groupByRole(links).map(([role, group]) => (
        <Box key={role} component="section" aria-label={`${roleLabel(role)} parties`}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
            <Typography variant="h6" component="h3">
              {roleLabel(role)}
            </Typography>
            <Chip
              size="small"
              label={group.length}
              aria-label={`${group.length} ${group.length === 1 ? 'party' : 'parties'}`}
            />
          </Stack>
          <Grid container spacing={2}>
            {group.map((link) => (
              <Grid key={link.id} size={{ xs: 12, lg: 6 }}>
                <PartyCard link={link} />
              </Grid>
            ))}
          </Grid>
        </Box>
      ))}
    </Stack>
  );
}

function PartyCard({ link }: { link: PartyLink }) {
  const p = link.party;
  const entity = p.party_type === 'entity';
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
          <Avatar sx={{ bgcolor: entity ? 'secondary.main' : 'primary.main' }} aria-hidden>
            {entity ? <BusinessOutlinedIcon /> : <PersonOutlineIcon />}
          </Avatar>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              {partyDisplayName(p)}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {entity ? 'Entity' : 'Individual'} · Added {formatDate(link.created_at)}
            </Typography>
          </Box>
          {link.is_primary ? (
            <Chip size="small" color="secondary" icon={<StarIcon />} label="Primary" />
          ) : null}
        </Stack>
        <Grid container spacing={1}>
          {entity ? (
            <>
              <Item label="Trading Name" value={p.trading_name} />
              <Item
                label="Email"
                value={p.email ? <Link href={`mailto:${p.email}`}>{p.email}</Link> : null}
              />
              <Item label="Registration Number" value={p.registration_number} />
              <Item label="Business Type" value={p.business_type} />
              <Item label="Physical Address" value={p.physical_address} wide />
            </>
          ) : (
            <>
              <Item label="Title" value={p.title} />
              <Item
                label="Names"
                value={[p.first_name, p.middle_name, p.last_name].filter(Boolean).join(' ')}
              />
              <Item
                label="Email"
                value={p.email ? <Link href={`mailto:${p.email}`}>{p.email}</Link> : null}
              />
              <Item label="ID Number" value={p.id_number} />
              <Item label="Date of Birth" value={formatDate(p.date_of_birth, '')} />
              <Item label="Gender" value={genderLabel(p.gender)} />
              <Item label="Marital Status" value={p.marital_status} />
              <Item label="Nationality" value={p.nationality} />
              <Item label="Race" value={p.race} />
              <Item label="Language" value={p.language} />
              <Item label="Physical Address" value={p.physical_address} wide />
            </>
          )}
          {link.notes ? <Item label="Notes" value={link.notes} wide /> : null}
        </Grid>
      </CardContent>
    </Card>
  );
}

function Item({ label, value, wide = false }: { label: string; value: ReactNode; wide?: boolean }) {
  return (
    <Grid size={wide ? 12 : { xs: 12, sm: 6 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ typography: 'body2', wordBreak: 'break-word' }}>{value || 'N/A'}</Box>
    </Grid>
  );
}
