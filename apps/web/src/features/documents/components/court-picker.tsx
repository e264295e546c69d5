import { COURT_OPTIONS, normalizeCourtName } from '@lexserve/contracts/court-names';
import { Combobox } from '../../../components/plain/combobox';

type CourtPickerProps = {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
};

const OPTIONS = COURT_OPTIONS.map((o) => ({ label: o.name, group: o.group }));

/**
 * The court the matter is in: every High Court seat and a magistrates' court per listed district, searchable; any
 * other district can be typed as "Magistrate's Court, <district>". The text is made canonical when the field is left.
 */
export function CourtPicker({ value, onChange, error, disabled }: CourtPickerProps) {
  return (
    <Combobox
      label="Court"
      required
      value={value}
      onChange={onChange}
      options={OPTIONS}
      onBlur={(event) => {
        const canonical = normalizeCourtName(event.target.value);
        if (canonical && canonical !== value) onChange(canonical);
      }}
      error={Boolean(error)}
      helperText={error ?? 'A High Court division, or type "Magistrate\'s Court, <district>"'}
      disabled={disabled}
    />
  );
}
