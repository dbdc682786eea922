import Box from '@mui/material/Box';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { WizardRuntime } from '../../engine/wizard/WizardRuntime';
import { EntourageManager } from './EntourageManager';
import { findWizard, guestWizardBinding } from './guest-wizard-binding';

const declaration = findWizard('guest-registration');
const panels = { entourage: EntourageManager };

/** /guests/new and /guests/:id/edit: the guest-registration wizard; the step is kept in the URL. */
export default function GuestRegistrationScreen() {
  const { id } = useParams();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  return (
    <Box sx={{ maxWidth: 880 }}>
      <WizardRuntime
        key={id ?? 'new'}
        declaration={declaration}
        recordId={id ?? null}
        binding={guestWizardBinding}
        panels={panels}
        initialStep={search.get('step')}
        onStepChange={(step) => setSearch({ step }, { replace: true })}
        onCreated={(guestId, step) => navigate(`/guests/${guestId}/edit?step=${step}`, { replace: true })}
        onFinish={(guestId) => navigate(`/guests/${guestId}`)}
      />
    </Box>
  );
}
