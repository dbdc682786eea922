import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

interface FilterSelectProps {
  label: string;
  /** '' is "all" */
  value: string;
  /** the text of "all" (the empty value), shown rather than hidden behind the label */
  allLabel: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string | undefined) => void;
  testId?: string;
  minWidth?: number;
}

/** A filter bar's choice of one value or all of them; it applies at once. */
export function FilterSelect({ label, value, allLabel, options, onChange, testId, minWidth = 140 }: FilterSelectProps) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      sx={{ minWidth }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      onChange={(event) => onChange(event.target.value || undefined)}
      data-testid={testId}
    >
      <MenuItem value="">{allLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
