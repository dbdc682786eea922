import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import temporaryPageQuery from '../../../generated/schemas/temporary-page-query.json';
import type { AuditStatus } from '../../../shared/guest-api';
import { auditStatuses } from '../../../shared/schema-enums';
import { limitAt } from '../../../shared/schema-limits';
import { temporaryTypes, type TemporaryType } from '../../../shared/temporary-api';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import type { TemporaryFilter } from './temporary-filter-url';

const KEYWORD_MAX_LENGTH = limitAt(temporaryPageQuery, '/properties/keyword', 'maxLength');

/** The temporary review's filter: status (with "all"), type and keyword; the selects apply at once, the keyword on search. */
export function TemporaryFilterBar({ filter, onChange }: { filter: TemporaryFilter; onChange: (next: TemporaryFilter) => void }) {
  const t = useKeyTranslation();
  const [keyword, setKeyword] = useState(filter.keyword ?? '');
  return (
    <Box component="form" role="search" aria-label={t('temporary.review.title')} sx={{ display: 'flex', gap: 2, mb: 2, alignItems: 'center', flexWrap: 'wrap' }}
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...filter, keyword: keyword.trim() || undefined });
      }}
    >
      <TextField select size="small" label={t('guest.list.status')} value={filter.status ?? ''} sx={{ minWidth: 140 }}
        onChange={(event) => onChange({ ...filter, status: (event.target.value || undefined) as AuditStatus | undefined })}
        data-testid="temporary-status"
        // "all" is the empty value: shown, not hidden behind the label
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('temporary.review.allStatuses')}</MenuItem>
        {auditStatuses.map((item) => (
          <MenuItem key={item} value={item}>
            {t(`guest.status.${item}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" label={t('schema.fields.registrationType')} value={filter.registrationType ?? ''} sx={{ minWidth: 140 }}
        onChange={(event) => onChange({ ...filter, registrationType: (event.target.value || undefined) as TemporaryType | undefined })}
      >
        <MenuItem value="">{t('temporary.review.allTypes')}</MenuItem>
        {temporaryTypes.map((item) => (
          <MenuItem key={item} value={item}>
            {t(`schema.enums.registrationType.${item}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField size="small" label={t('temporary.review.keyword')} value={keyword} onChange={(event) => setKeyword(event.target.value)} slotProps={{ htmlInput: { maxLength: KEYWORD_MAX_LENGTH } }} data-testid="temporary-keyword" />
      <Button type="submit" variant="outlined" data-testid="temporary-search">
        {t('temporary.review.search')}
      </Button>
    </Box>
  );
}
