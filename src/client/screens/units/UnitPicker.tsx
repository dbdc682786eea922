import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import type { UnitChoice } from '../../../shared/console-api';
import { consoleApi } from '../../api/console-endpoints';

/** Picks units of the current edition by name (the server answers at most 50 per search). */
export function UnitPicker({
  label,
  value,
  onChange,
  multiple = false,
  testId,
}: {
  label: string;
  value: UnitChoice[];
  onChange: (units: UnitChoice[]) => void;
  multiple?: boolean;
  testId: string;
}) {
  const [typed, setTyped] = useState('');
  const [options, setOptions] = useState<UnitChoice[]>([]);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      consoleApi
        .units(typed.trim() || undefined)
        .then((units) => live && setOptions(units))
        .catch(() => live && setOptions([]));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [typed]);
  const common = {
    options,
    getOptionLabel: (unit: UnitChoice) => unit.name,
    isOptionEqualToValue: (a: UnitChoice, b: UnitChoice) => a.id === b.id,
    filterOptions: (all: UnitChoice[]) => all,
    onInputChange: (_event: unknown, text: string) => setTyped(text),
    renderInput: (params: object) => <TextField {...params} label={label} size="small" />,
    sx: { minWidth: 280 },
    'data-testid': testId,
  };
  return multiple ? (
    <Autocomplete multiple {...common} value={value} onChange={(_event, units) => onChange(units)} />
  ) : (
    <Autocomplete {...common} value={value[0] ?? null} onChange={(_event, unit) => onChange(unit ? [unit] : [])} />
  );
}
