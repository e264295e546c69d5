import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatCents } from '../../../lib/format';
import { VAT_RATE_PERCENT } from '@lexserve/contracts/returns';
import { feeTotals, type FeeRow } from '../utils/fees';
import { TAP } from './tap';

let counter = 0;
export const newFeeRow = (description = '', amount = ''): FeeRow => ({
  key: `fee-${counter++}`,
  description,
  amount,
});

type FeeRowsProps = {
  rows: FeeRow[];
  onChange: (rows: FeeRow[]) => void;
  vatRegistered: boolean;
  onVatRegistered: (value: boolean) => void;
  /** Errors by path: "fees" for the list, "fees.0.description", "fees.0.amount_cents" for a row. */
  errors: Record<string, string>;
};

/** The sheriff's fees: rows of description and amount in rand, with subtotal, VAT at 15% and total, in cents. */
export function FeeRows({ rows, onChange, vatRegistered, onVatRegistered, errors }: FeeRowsProps) {
  const totals = feeTotals(rows, vatRegistered);
  const set = (key: string, field: 'description' | 'amount', value: string) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        Fees
      </Typography>
      <Stack component="ol" spacing={1.5} aria-label="Fees" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((row, index) => (
          <Box
            component="li"
            key={row.key}
            sx={(theme) => ({
              display: 'grid',
              gap: 1,
              gridTemplateColumns: '1fr 180px 44px',
              alignItems: 'start',
              // On a phone the amount goes under the description: a line tells one fee from the next.
              [theme.breakpoints.down('sm')]: {
                gridTemplateColumns: '1fr 44px',
                pb: 1.5,
                borderBottom: `1px solid ${theme.palette.divider}`,
              },
            })}
          >
            <TextField
              label={`Fee ${index + 1} description`}
              value={row.description}
              onChange={(e) => set(row.key, 'description', e.target.value)}
              error={Boolean(errors[`fees.${index}.description`])}
              helperText={errors[`fees.${index}.description`]}
              sx={{ gridColumn: { xs: '1', sm: '1' } }}
            />
            <TextField
              label={`Fee ${index + 1} amount`}
              value={row.amount}
              onChange={(e) => set(row.key, 'amount', e.target.value)}
              error={Boolean(errors[`fees.${index}.amount_cents`])}
              helperText={errors[`fees.${index}.amount_cents`]}
              placeholder="0.00"
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input: { startAdornment: <InputAdornment position="start">R</InputAdornment> },
              }}
              sx={{ gridColumn: { xs: '1', sm: '2' }, gridRow: { xs: '2', sm: '1' } }}
            />
            <IconButton
              aria-label={`Remove fee ${index + 1}`}
              onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
              disabled={rows.length === 1}
              sx={{ ...TAP, gridColumn: { xs: '2', sm: '3' }, gridRow: '1', mt: 0.5 }}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Box>
        ))}
      </Stack>
      {errors.fees ? <FormHelperText error>{errors.fees}</FormHelperText> : null}
      <Button startIcon={<AddIcon />} onClick={() => onChange([...rows, newFeeRow()])} sx={{ ...TAP, mt: 1 }}>
        Add Fee
      </Button>
      <FormControlLabel
        sx={{ display: 'flex', mt: 1, minHeight: 44 }}
        control={
          <Switch
            checked={vatRegistered}
            onChange={(e) => onVatRegistered(e.target.checked)}
            sx={{ my: 0.5 }}
          />
        }
        label="VAT registered (VAT 15% added)"
      />
      <Box
        component="dl"
        aria-label="Fee totals"
        sx={{
          display: 'grid',
          gridTemplateColumns: '1fr auto',
          rowGap: 0.5,
          columnGap: 2,
          m: 0,
          mt: 1,
          p: 1.5,
          bgcolor: 'grey.50',
          borderRadius: 1,
        }}
      >
        <Typography component="dt">Subtotal</Typography>
        <Typography component="dd" sx={{ m: 0, textAlign: 'right' }} data-testid="fee-subtotal">
          {formatCents(totals.subtotal_cents)}
        </Typography>
        <Typography component="dt">
          {vatRegistered ? `VAT ${VAT_RATE_PERCENT}%` : 'VAT (not registered)'}
        </Typography>
        <Typography component="dd" sx={{ m: 0, textAlign: 'right' }} data-testid="fee-vat">
          {formatCents(totals.vat_cents)}
        </Typography>
        <Typography component="dt" sx={{ fontWeight: 700 }}>
          Total
        </Typography>
        <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: 700 }} data-testid="fee-total">
          {formatCents(totals.total_cents)}
        </Typography>
      </Box>
    </Box>
  );
}
