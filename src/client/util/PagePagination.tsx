import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';

interface PagePaginationProps {
  /** rows in all pages; nothing is shown while they fit on one page */
  total: number;
  pageSize: number;
  /** 1-based */
  page: number;
  onChange: (page: number) => void;
}

/** The page switcher under every paged list. */
export function PagePagination({ total, pageSize, page, onChange }: PagePaginationProps) {
  if (total <= pageSize) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
      <Pagination count={Math.ceil(total / pageSize)} page={page} onChange={(_event, value) => onChange(value)} />
    </Box>
  );
}
