import Alert from '@mui/material/Alert';
import DeclaredScreen from '../../engine/DeclaredScreen';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { useSession } from '../../session/session-store';
import { unitTypes } from '../../../shared/schema-enums';

/** Account types that belong to a unit of that type: each has its own variant of the unit form. */
const VARIANTS = unitTypes;

/**
 * /unit: the unit information form (one unit schema; the enterprise, government or media
 * variant is a declaration with its own UI schema). Other account types have no affiliated
 * enterprise and cannot maintain one (SPEC section 6); the server refuses them as well.
 */
export default function UnitInfoScreen() {
  const t = useKeyTranslation();
  const userType = useSession((session) => session.userType);
  const variant = VARIANTS.find((type) => type === userType);
  if (!variant) {
    return (
      <Alert severity="info" data-testid="unit-not-affiliated">
        {t('guest.unit.notAffiliated')}
      </Alert>
    );
  }
  return <DeclaredScreen id={`unit-info-${variant}`} />;
}
