import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { COURT_OPTIONS, normalizeCourtName } from '@lexserve/contracts/court-names';

type CourtPickerProps = {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
};

const NAMES = COURT_OPTIONS.map((o) => o.name);
const GROUP = new Map(COURT_OPTIONS.map((o) => [o.name, o.group]));

/**
 * The court the matter is in: every High Court seat and a magistrates' court per listed district, searchable (MUI's
 * `Autocomplete`, the options that contain the text, case and accents ignored, under their group's name); any other
 * district can be typed as "Magistrate's Court, <district>". The text is made canonical when the field is left.
 */
export function CourtPicker({ value, onChange, error, disabled }: CourtPickerProps) {
  return (
    <Autocomplete
      freeSolo
      autoHighlight
      options={NAMES}
      groupBy={(option) => GROUP.get(option) ?? "Magistrates' Courts"}
      value={value || null}
      inputValue={value}
      onInputChange={(_, text, reason) => {
        if (reason !== 'reset' || text) onChange(text);
      }}
      onChange={(_, option) => onChange(option ?? '')}
      disabled={disabled}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Court"
          required
          onBlur={(event) => {
            const canonical = normalizeCourtName(event.target.value);
            if (canonical && canonical !== value) onChange(canonical);
          }}
          error={Boolean(error)}
          helperText={error ?? 'A High Court division, or type "Magistrate\'s Court, <district>"'}
        />
      )}
    />
  );
}
