import Box from '@mui/material/Box';
import { DeclaredListSection } from '../../engine/DeclaredListSection';

const EMBEDDED = { embedded: true };

/** Recommendations received through /tempActRecommendInvite, newest first (read only; ui-schemas/screens/temporary-recommendations.json). */
export function TemporaryRecommendationsPanel() {
  return (
    <Box sx={{ mt: 4 }} data-testid="temporary-recommendations">
      <DeclaredListSection list="temporary-recommendations" host={EMBEDDED} />
    </Box>
  );
}
