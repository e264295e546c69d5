import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Document } from '@lexserve/contracts/documents';
import {
  MANNERS_WITHOUT_RECIPIENT,
  SERVICE_MANNERS,
  SERVICE_MANNER_DETAILS,
  mannerRule,
  type ServiceManner,
  type ServiceReturn,
} from '@lexserve/contracts/returns';
import { useId, useRef, useState } from 'react';
import { describeError } from '../../../lib/api-client';
import { useIssueReturn } from '../api/returns';
import type { FeeRow } from '../utils/fees';
import { NATURE_EXPLAINED_LABEL, RETURN_FIELDS, checkReturn, type ReturnValues } from '../utils/return-form';
import { toDateTimeLocal } from '../utils/service-time';
import { fieldIssuesOf } from '../../../lib/validation-issues';
import { FeeRows, newFeeRow } from './fee-rows';
import { IssuedReturnSummary } from './issued-return-summary';
import { TAP } from './tap';

type IssueReturnDialogProps = {
  document: Pick<Document, 'id' | 'case_number' | 'court_name'>;
  /** The latest attempt's address (the likeliest place of service), else the recipient's. */
  lastAddress: string;
  onClose: () => void;
};

const initialValues = (props: IssueReturnDialogProps): ReturnValues => ({
  outcome: '',
  manner: '',
  served_at: toDateTimeLocal(new Date()),
  address: props.lastAddress,
  person_served_name: '',
  person_served_capacity: '',
  nature_explained: false,
  non_service_reason: '',
  diligent_search: '',
  vat_registered: true,
});

/**
 * The sheriff's return (rendered only while open): served — manner with its rule, date and time, address, the person
 * served and capacity, the explanation — or not served — reason and diligent search —, with the fees. The server's 422
 * names each missing fact; each is shown on its field.
 */
export function IssueReturnDialog(props: IssueReturnDialogProps) {
  const { document, onClose } = props;
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const issue = useIssueReturn();
  const [values, setValues] = useState<ReturnValues>(() => initialValues(props));
  const [fees, setFees] = useState<FeeRow[]>(() => [newFeeRow()]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<string[]>([]);
  const [issued, setIssued] = useState<{ serviceReturn: ServiceReturn; message: string } | null>(null);
  const top = useRef<HTMLDivElement>(null);

  /** An edited field is no longer in error (the check runs again at Issue). */
  const clear = (matches: (path: string) => boolean) =>
    setErrors((e) =>
      Object.keys(e).some(matches)
        ? Object.fromEntries(Object.entries(e).filter(([path]) => !matches(path)))
        : e,
    );
  const set = <K extends keyof ReturnValues>(field: K, value: ReturnValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    clear((path) => path === field);
  };
  const changeFees = (rows: FeeRow[]) => {
    setFees(rows);
    clear((path) => path === 'fees' || path.startsWith('fees.'));
  };
  const text = (field: keyof ReturnValues) => (event: { target: { value: string } }) =>
    set(field, event.target.value as never);
  const show = (found: Record<string, string>, general: string[]) => {
    setErrors(found);
    setSummary(general);
    top.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };

  const submit = async () => {
    const { input, fieldErrors, general } = checkReturn(values, fees);
    if (!input) {
      show(fieldErrors, general);
      return;
    }
    show({}, []);
    try {
      setIssued(await issue.mutateAsync({ documentId: document.id, input }));
    } catch (error) {
      const issues = fieldIssuesOf(error, (path) =>
        RETURN_FIELDS.some((f) => path === f || path.startsWith('fees.')),
      );
      if (issues)
        show(
          issues.fields,
          issues.others.length
            ? issues.others
            : ['Some facts of the return are missing or wrong: see the fields below.'],
        );
      else show({}, [describeError(error, { fallback: 'Failed to issue the return. Please try again.' })]);
    }
  };

  const served = values.outcome === 'served';
  const noRecipient = values.manner !== '' && MANNERS_WITHOUT_RECIPIENT.includes(values.manner);

  return (
    <Dialog
      open
      onClose={issue.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      fullScreen={phone}
    >
      <DialogTitle id={titleId}>{issued ? issued.message : 'Issue Return'}</DialogTitle>
      <DialogContent dividers>
        <div ref={top} />
        {issued ? (
          <IssuedReturnSummary document={document} serviceReturn={issued.serviceReturn} latest />
        ) : (
          <Stack
            spacing={2.5}
            component="form"
            noValidate
            aria-label="Return"
            onSubmit={(e) => e.preventDefault()}
          >
            {summary.length ? (
              <Alert severity="error" role="alert">
                {summary.map((line) => (
                  <div key={line}>{line}</div>
                ))}
              </Alert>
            ) : null}
            <FormControl error={Boolean(errors.outcome)}>
              <FormLabel id={`${titleId}-outcome`} sx={{ fontWeight: 600, color: 'text.primary' }}>
                Outcome
              </FormLabel>
              <RadioGroup
                row
                aria-labelledby={`${titleId}-outcome`}
                value={values.outcome}
                onChange={(e) => set('outcome', e.target.value as ReturnValues['outcome'])}
              >
                <FormControlLabel
                  value="served"
                  control={<Radio sx={{ p: 1.25 }} />}
                  label="Served"
                  sx={{ minHeight: 44, mr: 3 }}
                />
                <FormControlLabel
                  value="not_served"
                  control={<Radio sx={{ p: 1.25 }} />}
                  label="Not served"
                  sx={{ minHeight: 44 }}
                />
              </RadioGroup>
              {errors.outcome ? <FormHelperText>{errors.outcome}</FormHelperText> : null}
            </FormControl>

            {served ? (
              <>
                <TextField
                  select
                  label="Manner of service"
                  required
                  value={values.manner}
                  onChange={text('manner')}
                  error={Boolean(errors.manner)}
                  helperText={
                    errors.manner ??
                    (values.manner
                      ? `Served by ${SERVICE_MANNER_DETAILS[values.manner].statement} — ${mannerRule(values.manner, document.court_name)}`
                      : undefined)
                  }
                  slotProps={{
                    select: {
                      renderValue: (value) =>
                        value ? SERVICE_MANNER_DETAILS[value as ServiceManner].label : '',
                      MenuProps: { slotProps: { paper: { sx: { maxWidth: 560 } } } },
                    },
                  }}
                >
                  {SERVICE_MANNERS.map((m) => (
                    <MenuItem key={m} value={m} sx={{ ...TAP, whiteSpace: 'normal' }}>
                      <ListItemText
                        primary={SERVICE_MANNER_DETAILS[m].label}
                        secondary={mannerRule(m, document.court_name)}
                      />
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  label="Date and time served"
                  type="datetime-local"
                  required
                  value={values.served_at}
                  onChange={text('served_at')}
                  error={Boolean(errors.served_at)}
                  helperText={errors.served_at}
                  slotProps={{
                    inputLabel: { shrink: true },
                    htmlInput: { max: toDateTimeLocal(new Date()) },
                  }}
                />
                <TextField
                  label="Address where served"
                  required
                  multiline
                  minRows={2}
                  value={values.address}
                  onChange={text('address')}
                  error={Boolean(errors.address)}
                  helperText={errors.address}
                />
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                  <TextField
                    label="Person served"
                    required
                    value={values.person_served_name}
                    onChange={text('person_served_name')}
                    error={Boolean(errors.person_served_name)}
                    helperText={
                      errors.person_served_name ??
                      (noRecipient
                        ? 'No one received it: say so, e.g. "No person found"'
                        : 'Full name, as given')
                    }
                  />
                  <TextField
                    label="Capacity"
                    required
                    value={values.person_served_capacity}
                    onChange={text('person_served_capacity')}
                    error={Boolean(errors.person_served_capacity)}
                    helperText={
                      errors.person_served_capacity ?? 'E.g. the defendant, his wife, the receptionist'
                    }
                  />
                </Box>
                {noRecipient ? null : (
                  <FormControl error={Boolean(errors.nature_explained)} required>
                    <FormControlLabel
                      sx={{ alignItems: 'flex-start', minHeight: 44 }}
                      control={
                        <Checkbox
                          checked={values.nature_explained}
                          onChange={(e) => set('nature_explained', e.target.checked)}
                          sx={{ p: 1.25, mt: -0.75 }}
                        />
                      }
                      label={NATURE_EXPLAINED_LABEL}
                    />
                    {errors.nature_explained ? (
                      <FormHelperText>{errors.nature_explained}</FormHelperText>
                    ) : null}
                  </FormControl>
                )}
              </>
            ) : null}

            {values.outcome === 'not_served' ? (
              <>
                <TextField
                  label="Reason for non-service"
                  required
                  multiline
                  minRows={2}
                  value={values.non_service_reason}
                  onChange={text('non_service_reason')}
                  error={Boolean(errors.non_service_reason)}
                  helperText={
                    errors.non_service_reason ?? 'E.g. the defendant has moved; the premises are vacant'
                  }
                />
                <TextField
                  label="Diligent search"
                  required
                  multiline
                  minRows={3}
                  value={values.diligent_search}
                  onChange={text('diligent_search')}
                  error={Boolean(errors.diligent_search)}
                  helperText={
                    errors.diligent_search ??
                    'What was done to find the person: visits, enquiries, whom you asked'
                  }
                />
              </>
            ) : null}

            {values.outcome ? (
              <>
                <Divider />
                <FeeRows
                  rows={fees}
                  onChange={changeFees}
                  vatRegistered={values.vat_registered}
                  onVatRegistered={(v) => set('vat_registered', v)}
                  errors={errors}
                />
              </>
            ) : (
              <Typography color="text.secondary">
                Choose whether the process was served to fill in the return.
              </Typography>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1 }}>
        {issued ? (
          <Button variant="contained" onClick={onClose} sx={{ ...TAP, width: { xs: '100%', sm: 'auto' } }}>
            Done
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={issue.isPending} sx={TAP}>
              Cancel
            </Button>
            <Button
              variant="contained"
              onClick={() => void submit()}
              disabled={issue.isPending || !values.outcome}
              sx={{ ...TAP, flexGrow: { xs: 1, sm: 0 } }}
            >
              {issue.isPending ? 'Issuing…' : 'Issue Return'}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
