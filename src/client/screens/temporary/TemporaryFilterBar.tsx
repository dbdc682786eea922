import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import temporaryPageQuery from '../../../generated/schemas/temporary-page-query.json';
import type { AuditStatus } from '../../../shared/guest-api';
import { auditStatuses } from '../../../shared/schema-enums';
import { limitAt } from '../../../shared/schema-limits';
import { temporaryTypes, type TemporaryType } from '../../../shared/temporary-api';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { FilterSelect } from '../../util/FilterSelect';
import type { TemporaryFilter } from './temporary-filter-url';

const KEYWORD_MAX_LENGTH = limitAt(temporaryPageQuery, '/properties/keyword', 'maxLength');

/** The temporary review's filter: status (with "all"), type and keyword; the choices apply at once, the keyword on search. */
export function TemporaryFilterBar({ filter, onChange }: { filter: TemporaryFilter; onChange: (next: TemporaryFilter) => void }) {
  const t = useKeyTranslation();
  const [keyword, setKeyword] = useState(filter.keyword ?? '');
  return (
    <Box
      component="form"
      role="search"
      aria-label={t('temporary.review.title')}
      sx={{ display: 'flex', gap: 2, mb: 2, alignItems: 'center', flexWrap: 'wrap' }}
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...filter, keyword: keyword.trim() || undefined });
      }}
    >
      <FilterSelect
        label={t('guest.list.status')}
        value={filter.status ?? ''}
        allLabel={t('temporary.review.allStatuses')}
        testId="temporary-status"
        options={auditStatuses.map((item) => ({ value: item, label: t(`guest.status.${item}`) }))}
        onChange={(status) => onChange({ ...filter, status: status as AuditStatus | undefined })}
      />
      <FilterSelect
        label={t('schema.fields.registrationType')}
        value={filter.registrationType ?? ''}
        allLabel={t('temporary.review.allTypes')}
        options={temporaryTypes.map((item) => ({ value: item, label: t(`schema.enums.registrationType.${item}`) }))}
        onChange={(type) => onChange({ ...filter, registrationType: type as TemporaryType | undefined })}
      />
      <TextField
        size="small"
        label={t('temporary.review.keyword')}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        slotProps={{ htmlInput: { maxLength: KEYWORD_MAX_LENGTH } }}
        data-testid="temporary-keyword"
      />
      <Button type="submit" variant="outlined" data-testid="temporary-search">
        {t('temporary.review.search')}
      </Button>
    </Box>
  );
}
