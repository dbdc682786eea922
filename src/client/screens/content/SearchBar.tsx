import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type ReactNode } from 'react';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import contentPageQuery from '../../../generated/schemas/content-page-query.json';
import { limitAt } from '../../../shared/schema-limits';

const KEYWORD_MAX_LENGTH = limitAt(contentPageQuery, '/properties/keyword', 'maxLength');

/** Keyword search (submitted with the button or Enter), plus any filters and buttons given. */
export function SearchBar({
  onSearch,
  children,
  actions,
  initial = '',
}: {
  onSearch: (keyword: string) => void;
  children?: ReactNode;
  actions?: ReactNode;
  initial?: string;
}) {
  const t = useKeyTranslation();
  const [keyword, setKeyword] = useState(initial);
  return (
    <Box
      component="form"
      role="search"
      sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(keyword.trim());
      }}
    >
      <TextField
        size="small"
        label={t('content.fields.keyword')}
        value={keyword}
        slotProps={{ htmlInput: { maxLength: KEYWORD_MAX_LENGTH } }}
        onChange={(event) => setKeyword(event.target.value)}
        data-testid="keyword"
      />
      {children}
      <Button type="submit" variant="outlined" data-testid="search">
        {t('content.common.search')}
      </Button>
      <Box sx={{ flex: 1 }} />
      {actions}
    </Box>
  );
}
