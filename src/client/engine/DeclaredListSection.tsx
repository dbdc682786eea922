import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useKeyTranslation } from '../i18n/use-key-translation';
import { listDeclaration } from './declaration-catalogue';
import { DeclaredList } from './DeclaredList';
import type { ListHost } from './list-actions';

/** A declared list as a section of a bigger screen, headed by the declaration's title (a level-2 heading). */
export function DeclaredListSection({ list, host }: { list: string; host?: ListHost }) {
  const t = useKeyTranslation();
  const declaration = listDeclaration(list);
  const headingId = `${declaration.id}-title`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <Typography component="h2" variant="h6" id={headingId} sx={{ mb: 1 }}>
        {t(declaration.titleKey)}
      </Typography>
      <DeclaredList declaration={declaration} host={host} />
    </Box>
  );
}
