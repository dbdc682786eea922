import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../shared/constants';
import { formVersionsApi } from '../../api/form-versions-endpoints';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { contentOf } from './model/document-edits';
import type { FieldSpec, ModelContext } from './model/field-spec';
import { versionDifference, type FieldDifference } from './model/version-difference';

interface Props {
  form: string;
  ctx: ModelContext;
  from: number;
  to: number;
}

/** What one aspect of a field was and became, as a short text. */
function aspectText(field: FieldSpec | null, aspect: string, language: Language, t: (key: string) => string): string {
  if (!field) return '';
  switch (aspect) {
    case 'label':
    case 'help':
      return field[aspect][language];
    case 'kind':
      return t(`forms.kinds.${field.kind}`);
    case 'required':
      return field.required ? t('forms.when.yes') : t('forms.when.no');
    case 'requiredWhen':
      return field.requiredWhen ? `${field.requiredWhen.field} = ${String(field.requiredWhen.value)}` : '';
    case 'limits':
      return Object.entries(field.limits)
        .map(([name, value]) => `${t(`forms.limits.${name}`)} ${value}`)
        .join(', ');
    case 'options':
      return field.options.map((option) => option.label[language] || option.value).join(' / ');
    case 'pattern':
      return field.pattern ? t(`forms.patterns.${field.pattern}`) : '';
    case 'uploadRule':
      return field.uploadRule ?? '';
    default:
      return '';
  }
}

/** Field by field, what changed between two versions of the form. */
export function VersionDifferenceList({ form, ctx, from, to }: Props) {
  const t = useKeyTranslation();
  const { i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh-CN';
  const [differences, setDifferences] = useState<FieldDifference[] | null>(null);
  useEffect(() => {
    let live = true;
    setDifferences(null);
    Promise.all([formVersionsApi.version(form, Math.min(from, to)), formVersionsApi.version(form, Math.max(from, to))])
      .then(([older, newer]) => live && setDifferences(versionDifference(ctx, contentOf(older.document), contentOf(newer.document))))
      .catch(() => live && setDifferences([]));
    return () => {
      live = false;
    };
  }, [form, ctx, from, to]);
  if (!differences) return null;
  if (differences.length === 0) return <Alert severity="info">{t('forms.history.same')}</Alert>;
  return (
    <Table size="small" aria-label={t('forms.history.difference', { from, to })} data-testid="version-difference">
      <TableHead>
        <TableRow>
          <TableCell>{t('forms.publish.field')}</TableCell>
          <TableCell>{t('forms.history.change')}</TableCell>
          <TableCell>{t('forms.history.before', { version: Math.min(from, to) })}</TableCell>
          <TableCell>{t('forms.history.after', { version: Math.max(from, to) })}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {differences.flatMap((difference) =>
          difference.change === 'changed'
            ? difference.aspects.map((aspect) => (
                <TableRow key={`${difference.name}-${aspect}`}>
                  <TableCell>{difference.after?.label[language] || difference.name}</TableCell>
                  <TableCell>{t(`forms.aspects.${aspect}`)}</TableCell>
                  <TableCell>{aspectText(difference.before, aspect, language, t)}</TableCell>
                  <TableCell>{aspectText(difference.after, aspect, language, t)}</TableCell>
                </TableRow>
              ))
            : [
                <TableRow key={difference.name}>
                  <TableCell>{(difference.after ?? difference.before)?.label[language] || difference.name}</TableCell>
                  <TableCell>{t(`forms.history.${difference.change}`)}</TableCell>
                  <TableCell>{difference.before ? t(`forms.kinds.${difference.before.kind}`) : ''}</TableCell>
                  <TableCell>{difference.after ? t(`forms.kinds.${difference.after.kind}`) : ''}</TableCell>
                </TableRow>,
              ],
        )}
      </TableBody>
    </Table>
  );
}
