import Box from '@mui/material/Box';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { useTranslation } from 'react-i18next';
import { PlainSelect } from './PlainSelect';
import type { Language } from '../../../shared/constants';
import type { FieldSpec, RequiredWhen } from './model/field-spec';

interface Props {
  field: FieldSpec;
  fields: readonly FieldSpec[];
  onChange: (requiredWhen: RequiredWhen | null) => void;
}

const YES_NO = [true, false] as const;

/** "Required only when another field has a given value": a single choice's answer or a yes/no. */
export function RequiredWhenEditor({ field, fields, onChange }: Props) {
  const t = useKeyTranslation();
  const { i18n } = useTranslation();
  const language = (i18n.language === 'en' ? 'en' : 'zh-CN') as Language;
  const sources = fields.filter(
    (candidate) => candidate.name !== field.name && (candidate.kind === 'singleChoice' || candidate.kind === 'yesNo'),
  );
  const when = field.requiredWhen;
  const source = sources.find((candidate) => candidate.name === when?.field);
  const values =
    source?.kind === 'yesNo'
      ? YES_NO.map((value) => ({ value: String(value), label: t(value ? 'forms.when.yes' : 'forms.when.no') }))
      : (source?.options ?? []).map((option) => ({ value: option.value, label: option.label[language] || option.value }));
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}>
      <PlainSelect
        label={t('forms.when.field')}
        value={when?.field ?? ''}
        testId="when-field"
        options={[
          { value: '', label: t('forms.when.never') },
          ...sources.map((candidate) => ({ value: candidate.name, label: candidate.label[language] || candidate.name })),
        ]}
        onChange={(name) => {
          const picked = sources.find((candidate) => candidate.name === name);
          if (!picked) return onChange(null);
          onChange({ field: name, value: picked.kind === 'yesNo' ? true : (picked.options[0]?.value ?? '') });
        }}
      />
      {when && source && (
        <PlainSelect
          label={t('forms.when.value')}
          value={String(when.value)}
          testId="when-value"
          options={values}
          onChange={(value) => onChange({ field: when.field, value: source.kind === 'yesNo' ? value === 'true' : value })}
        />
      )}
    </Box>
  );
}
