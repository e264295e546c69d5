import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  SERVICE_METHOD_LABELS,
  toDocumentTypeValue,
  type AddressSource,
  type ServiceMethod,
} from '@lexserve/contracts/document-constants';
import {
  ADDRESS_FOR_SERVICE_SOURCES,
  COURT_ONLINE_RULE,
  addressSourceLabel,
  serviceChannelOf,
  serviceMethodOf,
} from '@lexserve/contracts/service-channels';
import type { MatterWizard } from '../hooks/use-matter-wizard';
import { withServiceChoices } from '../utils/wizard-rules';
import { LegalRepSelector } from './legal-rep-selector';
import { SheriffPicker } from './sheriff-picker';

const SOURCES: AddressSource[] = [
  ...ADDRESS_FOR_SERVICE_SOURCES.map((s) => s.value),
  'registered_on_lexserve',
];

/**
 * Step 4: how the document is served. Initiating process: the sheriff who serves it (Uniform Rule 4(1)(a)). A
 * document after initiating process: electronic service on the other side's nominated address (Rule 4A), with where
 * that address was nominated, or the sheriff. A document that is not served: why it cannot be submitted for service.
 */
export function ServiceStep({ wizard }: { wizard: MatterWizard }) {
  const { caseInfo, legalRep, busy, fieldError } = wizard;
  // A change answers what the server said about that field.
  const setLegalRep = (next: typeof legalRep) => {
    wizard.clearFieldError(
      ...(next.serviceMethod !== legalRep.serviceMethod ? (['serviceMethod'] as const) : []),
      ...(next.sheriffId !== legalRep.sheriffId ? (['sheriff'] as const) : []),
      ...(next.firmId !== legalRep.firmId ? (['firm'] as const) : []),
      ...(next.branchId !== legalRep.branchId ? (['branch'] as const) : []),
      ...(next.addressSource !== legalRep.addressSource ? (['addressSource'] as const) : []),
    );
    wizard.setLegalRep(next);
  };
  const type = caseInfo.documentType ? toDocumentTypeValue(caseInfo.documentType) : null;
  const entry = serviceChannelOf(type);
  const method = serviceMethodOf(type, legalRep.serviceMethod || null);

  if (entry?.channel === 'not_served') {
    return (
      <Alert severity="info" role="note">
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          A {caseInfo.documentType} is not served
        </Typography>
        <Typography variant="body2">
          {entry.explanation} Go back to step 1 to choose the document to serve.
        </Typography>
      </Alert>
    );
  }

  return (
    <Stack spacing={3}>
      {entry?.channel === 'sheriff' ? (
        <Alert severity="warning" role="note">
          A {caseInfo.documentType} is initiating process: the sheriff serves it ({entry.rule}). On submit it
          goes to the sheriff you choose here; it is served when the sheriff issues the return of service.
        </Alert>
      ) : null}

      {entry?.channel === 'electronic_or_sheriff' ? (
        <FormControl disabled={busy} error={Boolean(fieldError('serviceMethod'))}>
          <FormLabel id="service-method-label">How will it be served?</FormLabel>
          <RadioGroup
            aria-labelledby="service-method-label"
            value={method ?? 'electronic'}
            onChange={(e) => setLegalRep({ ...legalRep, serviceMethod: e.target.value as ServiceMethod })}
          >
            <FormControlLabel
              value="electronic"
              control={<Radio />}
              label={SERVICE_METHOD_LABELS.electronic}
            />
            <FormControlLabel value="sheriff" control={<Radio />} label={SERVICE_METHOD_LABELS.sheriff} />
          </RadioGroup>
          {fieldError('serviceMethod') ? (
            <FormHelperText>{fieldError('serviceMethod')}</FormHelperText>
          ) : null}
        </FormControl>
      ) : null}

      {method === 'electronic' && caseInfo.onCourtOnline ? (
        <Alert severity="error" role="alert">
          This matter runs on Court Online: documents after initiating process are served through Court Online
          ({COURT_ONLINE_RULE}), not by LexServe e-mail. Serve it on Court Online, or choose service by the
          sheriff.
        </Alert>
      ) : null}

      {method === 'sheriff' ? (
        <Stack spacing={1.5}>
          <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
            Sheriff
          </Typography>
          <SheriffPicker
            value={legalRep.sheriffId ? { id: legalRep.sheriffId, fullName: legalRep.sheriffName } : null}
            onChange={(s) =>
              setLegalRep({ ...legalRep, sheriffId: s?.id ?? null, sheriffName: s?.fullName ?? '' })
            }
            disabled={busy}
            error={fieldError('sheriff')}
          />
        </Stack>
      ) : (
        <Stack spacing={2}>
          <LegalRepSelector
            value={legalRep}
            onChange={(rep) => setLegalRep(withServiceChoices(rep, legalRep))}
            disabled={busy}
            errors={{ firm: fieldError('firm'), branch: fieldError('branch') }}
          />
          <TextField
            select
            label="Where did the other party nominate this address?"
            value={legalRep.addressSource}
            onChange={(e) => setLegalRep({ ...legalRep, addressSource: e.target.value as AddressSource })}
            disabled={busy}
            error={Boolean(fieldError('addressSource'))}
            helperText={
              fieldError('addressSource') ??
              'Rule 4A service goes to the address the party nominated for service; the notice of service records where.'
            }
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">
              <em>Not stated (the address the branch registered on LexServe)</em>
            </MenuItem>
            {SOURCES.map((source) => (
              <MenuItem key={source} value={source} sx={{ whiteSpace: 'normal' }}>
                {addressSourceLabel(source)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      )}
    </Stack>
  );
}
