import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { ReadOnlyDocument } from '../../engine/ReadOnlyDocument';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import type { SensitiveKind } from '../../../shared/sensitive-fields';

/**
 * One record read-only, every field with the schema's label (the units' read view); with
 * `reveal`, each masked value has a "Show" button (the audited reveal of the record's kind).
 */
export function RecordDetailDialog({
  title,
  schemaName,
  data,
  hidden,
  reveal,
  onClose,
}: {
  title: string;
  schemaName: string;
  data: Record<string, unknown>;
  hidden?: string[];
  reveal?: (kind: SensitiveKind) => Promise<string>;
  onClose: () => void;
}) {
  const t = useKeyTranslation();
  const id = useId().replace(/:/g, '');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent data-testid="record-detail">
        <ReadOnlyDocument schemaName={schemaName} data={data} hidden={hidden} reveal={reveal} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('content.common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
