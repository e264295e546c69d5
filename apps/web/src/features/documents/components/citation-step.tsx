import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { MatterWizard } from '../hooks/use-matter-wizard';
import { groupCitation, roleLabel, type CitationParty } from '../utils/citation';
import { PartyForm } from './party-form';

/** The citation, grouped by side; an empty side says it is required. `onRemove` adds a remove button per party. */
export function CitationList({
  citation,
  onRemove,
  disabled,
}: {
  citation: CitationParty[];
  onRemove?: (key: string) => void;
  disabled?: boolean;
}) {
  return (
    <Box
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
      aria-label="Citation"
      role="region"
    >
      {groupCitation(citation)
        .filter((group) => group.side !== null || group.parties.length > 0)
        .map((group) => (
          <Paper
            key={group.label}
            variant="outlined"
            sx={{ p: 1.5, gridColumn: group.side === null ? { md: '1 / -1' } : undefined }}
          >
            <Typography variant="subtitle2" component="h4" sx={{ fontWeight: 700 }}>
              {group.label}
            </Typography>
            {group.parties.length === 0 ? (
              <Typography variant="body2" color="warning.dark" sx={{ mt: 0.5 }}>
                {group.side === 'initiating'
                  ? 'Required: add the plaintiff or applicant.'
                  : 'Required: add the defendant or respondent.'}
              </Typography>
            ) : (
              <List dense disablePadding aria-label={group.label}>
                {group.parties.map((party) => (
                  <ListItem
                    key={party.key}
                    disableGutters
                    secondaryAction={
                      onRemove ? (
                        <Tooltip title={`Remove ${party.name}`}>
                          <span>
                            <IconButton
                              edge="end"
                              aria-label={`Remove ${party.name}`}
                              onClick={() => onRemove(party.key)}
                              disabled={disabled}
                            >
                              <DeleteOutlineIcon fontSize="small" />
                            </IconButton>
                          </span>
                        </Tooltip>
                      ) : undefined
                    }
                  >
                    <ListItemText
                      primary={party.name}
                      secondary={
                        <Stack
                          direction="row"
                          spacing={1}
                          component="span"
                          sx={{ alignItems: 'center', mt: 0.25 }}
                        >
                          <Chip size="small" label={roleLabel(party.role)} component="span" />
                          <Typography component="span" variant="caption" color="text.secondary">
                            {party.partyType === 'entity' ? 'Entity' : 'Individual'}
                            {party.partyId ? '' : ' · not saved yet'}
                          </Typography>
                        </Stack>
                      }
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </Paper>
        ))}
    </Box>
  );
}

/** Step 3, "Parties Involved": the citation so far, and the party form to add the next party. */
export function CitationStep({ wizard }: { wizard: MatterWizard }) {
  const { citation, busy } = wizard;
  return (
    <Stack spacing={2.5}>
      <CitationList
        citation={citation}
        onRemove={(key) => void wizard.removeFromCitation(key)}
        disabled={busy}
      />
      {citation.length === 0 ? (
        <Alert severity="info" role="status">
          No party in the citation yet. Enter the first party below and choose “Add to Citation”.
        </Alert>
      ) : null}
      <Divider />
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700 }}>
        Add a party
      </Typography>
      <PartyForm value={wizard.partyData} onChange={wizard.setPartyData} disabled={busy} />
      <Box>
        <Button
          variant="contained"
          color="secondary"
          startIcon={<AddCircleOutlineIcon />}
          onClick={() => wizard.addPartyToCitation()}
          disabled={busy}
        >
          Add to Citation
        </Button>
      </Box>
    </Stack>
  );
}
