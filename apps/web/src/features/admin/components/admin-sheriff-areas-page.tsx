import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { SHERIFF_AREA_CSV_COLUMNS, SheriffAreaInputSchema } from '@lexserve/contracts/sheriff-areas';
import { useId, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { PageLoader } from '../../../components/page-loader';
import { useToast } from '../../../components/toast-provider';
import { describeError, isApiRequestError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  useImportSheriffAreas,
  useSaveSheriffArea,
  useSheriffAreas,
  type SheriffArea,
  type SheriffAreaImportResult,
} from '../api/sheriff-areas';
import { AdminPageHeader } from './admin-page-header';

type FormValues = { name: string; magisterial_districts: string; suburbs: string; postal_codes: string };
type Field = keyof FormValues;

/** "a; b, c" → ['a', 'b', 'c'] (either separator). */
const listOf = (text: string) =>
  text
    .split(/[;,\n]/)
    .map((v) => v.trim())
    .filter(Boolean);

const LABELS: Record<Field, string> = {
  name: 'Area Name',
  magisterial_districts: 'Magisterial Districts',
  suburbs: 'Suburbs',
  postal_codes: 'Postal Codes',
};

function AreaFormDialog({ area, onClose }: { area: SheriffArea | null; onClose: () => void }) {
  const titleId = useId();
  const toast = useToast();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const save = useSaveSheriffArea();
  const [values, setValues] = useState<FormValues>({
    name: area?.name ?? '',
    magisterial_districts: area?.magisterial_districts.join('; ') ?? '',
    suburbs: area?.suburbs.join('; ') ?? '',
    postal_codes: area?.postal_codes.join('; ') ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const input = {
    name: values.name,
    magisterial_districts: listOf(values.magisterial_districts),
    suburbs: listOf(values.suburbs),
    postal_codes: listOf(values.postal_codes),
  };
  const serverErrors: Partial<Record<Field, string>> = {};
  let serverMessage: string | null = null;
  if (save.error) {
    if (isApiRequestError(save.error) && Array.isArray(save.error.detail)) {
      for (const issue of save.error.detail)
        serverErrors[issue.loc.find((l) => l in LABELS) as Field] ??= issue.msg;
    } else
      serverMessage = describeError(save.error, { fallback: 'Failed to save the area. Please try again.' });
  }
  const submit = async () => {
    const parsed = SheriffAreaInputSchema.safeParse(input);
    const found: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error?.issues ?? []) found[issue.path[0] as Field] ??= issue.message;
    setErrors(found);
    if (!parsed.success) return;
    try {
      const saved = await save.mutateAsync({ id: area?.id ?? null, values: input });
      toast(`Area ${saved.name} ${area ? 'updated' : 'created'}.`);
      onClose();
    } catch {
      // shown in the dialog
    }
  };
  const errorOf = (f: Field) => errors[f] ?? serverErrors[f];
  const field = (f: Field, helper: string, props: { required?: boolean; multiline?: boolean } = {}) => (
    <TextField
      label={LABELS[f]}
      value={values[f]}
      required={props.required}
      multiline={props.multiline}
      minRows={props.multiline ? 2 : undefined}
      onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
      error={Boolean(errorOf(f))}
      helperText={errorOf(f) ?? helper}
      disabled={save.isPending}
      fullWidth
    />
  );
  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
    >
      <DialogTitle id={titleId}>{area ? `Edit ${area.name}` : 'Add Sheriff Area'}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          The Gazette describes a sheriff’s area by roads; this is LexServe’s index of it, used to find the
          sheriff for an address (postal code first, then suburb, then district). Separate values with “;”.
        </Typography>
        {serverMessage ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {serverMessage}
          </Alert>
        ) : null}
        <Stack spacing={2}>
          {field('name', 'As the appointment reads, e.g. Pretoria Central', { required: true })}
          {field('magisterial_districts', 'e.g. Pretoria', { multiline: true })}
          {field('suburbs', 'e.g. Arcadia; Sunnyside; Hatfield', { multiline: true })}
          {field('postal_codes', '4 digits each, e.g. 0002; 0083', { multiline: true })}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={save.isPending}
          startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {area ? 'Save Changes' : 'Create Area'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ImportDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const importer = useImportSheriffAreas();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<SheriffAreaImportResult | null>(null);
  const run = async () => {
    if (!file) return;
    try {
      setResult(await importer.mutateAsync(file));
    } catch {
      // shown below
    }
  };
  return (
    <Dialog
      open
      onClose={importer.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
    >
      <DialogTitle id={titleId}>Import Sheriff Areas</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary">
          A CSV file whose first line is <code>{SHERIFF_AREA_CSV_COLUMNS.join(',')}</code>, with “;” between
          values inside a column. An area of the same name is replaced; lines with errors are listed and not
          imported.
        </Typography>
        <Button
          component="label"
          variant="outlined"
          startIcon={<UploadFileOutlinedIcon />}
          sx={{ mt: 2 }}
          disabled={importer.isPending}
        >
          Choose CSV file
          <input
            hidden
            type="file"
            accept=".csv,text/csv"
            aria-label="CSV file"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setResult(null);
              importer.reset();
            }}
          />
        </Button>
        {file ? (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {file.name}
          </Typography>
        ) : null}
        {importer.error ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {describeError(importer.error, { fallback: 'The file could not be imported.' })}
          </Alert>
        ) : null}
        {result ? (
          <Box sx={{ mt: 2 }} aria-live="polite">
            <Alert severity={result.errors.length ? 'warning' : 'success'}>
              {result.created} created, {result.updated} updated
              {result.errors.length ? `, ${result.errors.length} line(s) not imported` : ''}.
            </Alert>
            {result.errors.length ? (
              <Box component="ul" aria-label="Lines not imported" sx={{ pl: 2.5, mb: 0 }}>
                {result.errors.map((e) => (
                  <li key={e.line}>
                    <Typography variant="body2">
                      Line {e.line}: {e.detail}
                    </Typography>
                  </li>
                ))}
              </Box>
            ) : null}
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={importer.isPending}>
          Close
        </Button>
        <Button
          variant="contained"
          onClick={() => void run()}
          disabled={!file || importer.isPending}
          startIcon={importer.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Import
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Values({ label, values }: { label: string; values: string[] }) {
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      {values.length ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} aria-label={label}>
          {values.map((v) => (
            <Chip key={v} size="small" label={v} />
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          None
        </Typography>
      )}
    </Box>
  );
}

/** Admin › Sheriff Areas: the areas sheriffs are appointed for, as LexServe matches addresses to them. */
export function AdminSheriffAreasPage() {
  useDocumentTitle('Sheriff Areas');
  const areas = useSheriffAreas();
  /** undefined: closed; null: a new area. */
  const [editing, setEditing] = useState<SheriffArea | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const rows = areas.data?.areas ?? [];
  return (
    <>
      <AdminPageHeader
        title="Sheriff Areas"
        description="A sheriff acts only in the area of appointment (Sheriffs Act 90 of 1986, s 3). Each area lists the magisterial districts, suburbs and postal codes LexServe matches an address against."
        actions={
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={<UploadFileOutlinedIcon />}
              onClick={() => setImporting(true)}
            >
              Import CSV
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)}>
              Add Area
            </Button>
          </Stack>
        }
      />
      {areas.isPending ? (
        <PageLoader label="Loading sheriff areas..." />
      ) : areas.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void areas.refetch()}>
              Retry
            </Button>
          }
        >
          {describeError(areas.error, { fallback: 'Failed to load sheriff areas. Please try again.' })}
        </Alert>
      ) : rows.length === 0 ? (
        <EmptyState title="No sheriff areas yet" description="Add an area or import a CSV of areas." />
      ) : (
        <Box
          component="ul"
          aria-label="Sheriff areas"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: '1fr',
              md: 'repeat(2, minmax(0, 1fr))',
              xl: 'repeat(3, minmax(0, 1fr))',
            },
          }}
        >
          {rows.map((area) => (
            <Card key={area.id} variant="outlined" component="li">
              <CardContent sx={{ pb: 1 }}>
                <Typography variant="h6" component="h2">
                  {area.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {area.sheriffs.length
                    ? area.sheriffs.map((s) => `${s.full_name}${s.is_active ? '' : ' (inactive)'}`).join(', ')
                    : 'No sheriff appointed'}
                </Typography>
                <Values label="Magisterial districts" values={area.magisterial_districts} />
                <Values label="Suburbs" values={area.suburbs} />
                <Values label="Postal codes" values={area.postal_codes} />
              </CardContent>
              <CardActions sx={{ px: 1.5, pb: 1.5 }}>
                <Button
                  size="small"
                  startIcon={<EditOutlinedIcon />}
                  onClick={() => setEditing(area)}
                  aria-label={`Edit ${area.name}`}
                >
                  Edit
                </Button>
              </CardActions>
            </Card>
          ))}
        </Box>
      )}
      {editing !== undefined ? (
        <AreaFormDialog key={editing?.id ?? 'new'} area={editing} onClose={() => setEditing(undefined)} />
      ) : null}
      {importing ? <ImportDialog onClose={() => setImporting(false)} /> : null}
    </>
  );
}
