import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { LANGUAGES } from '../../../shared/constants';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import type { Bilingual } from './model/field-spec';

interface Props {
  /** `label`, `help` or `option-2`: names the inputs (test ids `<name>-<language>`) */
  name: string;
  title: string;
  value: Bilingual;
  onChange: (value: Bilingual) => void;
  multiline?: boolean;
}

/** One text in both languages, side by side (stacked on a phone). */
export function BilingualFields({ name, title, value, onChange, multiline = false }: Props) {
  const t = useKeyTranslation();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}>
      {LANGUAGES.map((language) => (
        <TextField
          key={language}
          size="small"
          label={`${title} · ${t(`forms.languages.${language}`)}`}
          value={value[language]}
          multiline={multiline}
          minRows={multiline ? 2 : undefined}
          onChange={(event) => onChange({ ...value, [language]: event.target.value })}
          slotProps={{ htmlInput: { 'data-testid': `${name}-${language}`, lang: language } }}
        />
      ))}
    </Box>
  );
}
