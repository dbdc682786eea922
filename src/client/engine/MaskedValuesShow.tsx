import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { RJSFSchema } from '@rjsf/utils';
import { looksMasked, type SensitiveKind } from '../../shared/sensitive-fields';
import { useKeyTranslation } from '../i18n/use-key-translation';
import { sensitiveFieldsOfForm } from './masked-values';
import { ReadOnlyDocument } from './ReadOnlyDocument';

/**
 * Over an edit form loaded from a masked answer (the unit's record, also when it opens through
 * record-upgrade): its masked values with their labels and a "显示 / Show" button each (the
 * audited reveal the declaration names). Top-level fields only, as the show routes name them.
 */
export function MaskedValuesShow({
  schemaName,
  schema,
  data,
  reveal,
}: {
  schemaName: string;
  schema: RJSFSchema;
  data: Record<string, unknown>;
  reveal: (kind: SensitiveKind) => Promise<string>;
}) {
  const t = useKeyTranslation();
  const masked = Object.fromEntries(
    sensitiveFieldsOfForm(schema)
      .filter(({ path }) => path.length === 1 && looksMasked(data[path[0]!]))
      .map(({ path }) => [path[0]!, data[path[0]!]]),
  );
  if (Object.keys(masked).length === 0) return null;
  return (
    <Box sx={{ mb: 2 }} data-testid="masked-values">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('form.maskedValues')}
      </Typography>
      <ReadOnlyDocument schemaName={schemaName} data={masked} reveal={reveal} />
    </Box>
  );
}
