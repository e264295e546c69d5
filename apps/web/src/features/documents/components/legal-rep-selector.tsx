import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Branch, Firm } from '@lexserve/contracts/firms';
import { useMemo, useState, type ReactNode } from 'react';
import {
  BRANCHES_ERROR,
  FIRM_SEARCH_DEBOUNCE_MS,
  FIRM_SEARCH_ERROR,
  FIRM_SEARCH_MIN_CHARS,
  useFirmBranches,
  useFirmSearch,
} from '../api/legal-rep';
import { emptyLegalRep, type LegalRepData } from '../utils/wizard-rules';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

type LegalRepSelectorProps = {
  value: LegalRepData;
  onChange: (next: LegalRepData) => void;
  disabled?: boolean;
  /** The server's messages for the firm and the branch (a refused submit). */
  errors?: { firm?: string; branch?: string };
};

/** Search and select the legal representative firm and branch, with the branch's DSA check (spec 2.5). */
export function LegalRepSelector({ value, onChange, disabled = false, errors = {} }: LegalRepSelectorProps) {
  const [input, setInput] = useState(value.firmName);
  const search = useDebouncedValue(input.trim(), FIRM_SEARCH_DEBOUNCE_MS);
  const tooShort = input.trim().length < FIRM_SEARCH_MIN_CHARS;
  const firms = useFirmSearch(tooShort ? '' : search);
  const branches = useFirmBranches(value.firmId);
  const [branchInput, setBranchInput] = useState(value.branchName);

  const selectedFirm: Firm | null = useMemo(
    () =>
      value.firmId
        ? ({
            id: value.firmId,
            name: value.firmName,
            contact_email: value.firmEmail,
            address: value.firmAddress,
          } as Firm)
        : null,
    [value.firmId, value.firmName, value.firmEmail, value.firmAddress],
  );
  const selectedBranch: Branch | null = useMemo(() => {
    if (!value.branchId) return null;
    return (
      branches.data?.find((b) => b.id === value.branchId) ??
      ({
        id: value.branchId,
        name: value.branchName,
        address: null,
        digital_service_address: value.digitalServiceAddress || null,
      } as Branch)
    );
  }, [branches.data, value.branchId, value.branchName, value.digitalServiceAddress]);

  const firmOptions = tooShort ? [] : (firms.data ?? []);
  const noFirmsText = tooShort
    ? 'Type at least 2 characters to search'
    : firms.isFetching || search !== input.trim()
      ? 'Searching...'
      : 'No firms found';

  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Search and select the legal representative firm and branch for this case.
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Autocomplete<Firm, false, false, true>
            freeSolo
            disabled={disabled}
            options={firmOptions}
            value={selectedFirm}
            inputValue={input}
            filterOptions={(options) => options}
            getOptionLabel={(option) => (typeof option === 'string' ? option : option.name)}
            isOptionEqualToValue={(option, v) => typeof v !== 'string' && option.id === v.id}
            loading={firms.isFetching}
            noOptionsText={noFirmsText}
            onInputChange={(_, next, reason) => {
              setInput(next);
              // Editing the text to anything other than the selected firm's name clears the selection.
              if (reason === 'input' && value.firmId && next !== value.firmName) {
                onChange(emptyLegalRep());
                setBranchInput('');
              }
              if (reason === 'clear' && value.firmId) {
                onChange(emptyLegalRep());
                setBranchInput('');
              }
            }}
            onChange={(_, option) => {
              if (!option || typeof option === 'string') return;
              onChange({
                ...emptyLegalRep(),
                firmId: option.id,
                firmName: option.name,
                firmEmail: option.contact_email ?? '',
                firmAddress: option.address ?? '',
              });
              setInput(option.name);
              setBranchInput('');
            }}
            renderOption={(props, option) => {
              const { key, ...rest } = props as typeof props & { key: string };
              return (
                <Box component="li" key={key} {...rest}>
                  <Box>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {option.name}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {option.contact_email}
                    </Typography>
                    {option.address ? (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {option.address}
                      </Typography>
                    ) : null}
                  </Box>
                </Box>
              );
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Search Law Firm"
                required
                error={Boolean(errors.firm)}
                helperText={
                  errors.firm ??
                  (tooShort && !value.firmId ? 'Type at least 2 characters to search' : undefined)
                }
                slotProps={{
                  ...params.slotProps,
                  input: {
                    ...params.slotProps.input,
                    endAdornment: (
                      <>
                        {firms.isFetching ? (
                          <CircularProgress color="inherit" size={18} aria-label="Searching firms" />
                        ) : null}
                        {params.slotProps.input.endAdornment}
                      </>
                    ),
                  },
                }}
              />
            )}
          />
          {firms.isError ? (
            <Alert severity="error" sx={{ mt: 1 }} role="alert">
              {FIRM_SEARCH_ERROR}
            </Alert>
          ) : null}
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Autocomplete<Branch, false, false, false>
            disabled={disabled || !value.firmId}
            options={branches.data ?? []}
            value={selectedBranch}
            inputValue={branchInput}
            onInputChange={(_, next) => setBranchInput(next)}
            loading={branches.isFetching}
            getOptionLabel={(option) => option.name}
            isOptionEqualToValue={(option, v) => option.id === v.id}
            noOptionsText={
              branches.data && branches.data.length === 0
                ? 'No branches available for this firm'
                : 'No branches found'
            }
            onChange={(_, option) =>
              onChange({
                ...value,
                branchId: option?.id ?? null,
                branchName: option?.name ?? '',
                digitalServiceAddress: option?.digital_service_address ?? '',
              })
            }
            renderOption={(props, option) => {
              const { key, ...rest } = props as typeof props & { key: string };
              return (
                <Box component="li" key={key} {...rest}>
                  <Box>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {option.name}
                    </Typography>
                    {option.address ? (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {option.address}
                      </Typography>
                    ) : null}
                    <Typography
                      variant="caption"
                      color={option.digital_service_address ? 'success.main' : 'warning.main'}
                      component="div"
                    >
                      Digital Service: {option.digital_service_address || 'Not available'}
                    </Typography>
                  </Box>
                </Box>
              );
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Select Branch"
                required
                error={Boolean(errors.branch)}
                helperText={errors.branch ?? (!value.firmId ? 'Select a law firm first' : undefined)}
              />
            )}
          />
          {branches.isError ? (
            <Alert severity="error" sx={{ mt: 1 }} role="alert">
              {BRANCHES_ERROR}
            </Alert>
          ) : null}
        </Grid>
      </Grid>

      <Grid container spacing={2} sx={{ mt: 1 }}>
        {value.firmId ? (
          <Grid size={{ xs: 12, md: 6 }}>
            <DetailsCard icon={<AccountBalanceOutlinedIcon color="primary" />} title="Selected Firm Details">
              <Detail label="Firm Name" value={value.firmName} />
              <Detail label="Email" value={value.firmEmail} />
              <Detail label="Address" value={value.firmAddress} />
            </DetailsCard>
          </Grid>
        ) : null}
        {value.branchId ? (
          <Grid size={{ xs: 12, md: 6 }}>
            <DetailsCard icon={<StorefrontOutlinedIcon color="primary" />} title="Selected Branch Details">
              <Detail label="Branch Name" value={value.branchName} />
              {selectedBranch?.address ? <Detail label="Address" value={selectedBranch.address} /> : null}
              <Detail
                label="Digital Service Address"
                value={value.digitalServiceAddress || 'Not available'}
              />
              <Box sx={{ mt: 1 }}>
                {value.digitalServiceAddress ? (
                  <Chip
                    size="small"
                    color="success"
                    icon={<CheckCircleOutlineIcon />}
                    label="Digital service address configured"
                  />
                ) : (
                  <Chip
                    size="small"
                    color="warning"
                    icon={<WarningAmberIcon />}
                    label="Please select a different branch"
                  />
                )}
              </Box>
            </DetailsCard>
          </Grid>
        ) : null}
      </Grid>
    </Box>
  );
}

function DetailsCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          {icon}
          <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Box sx={{ mb: 0.75 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
        {value || 'N/A'}
      </Typography>
    </Box>
  );
}
