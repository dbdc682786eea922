import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { useNamespacesReady } from '../../i18n/use-namespaces';
import { useSession } from '../../session/session-store';
import { actionsFor, dashboardKindOf } from './dashboard-actions';

const STEPS = ['unit', 'guests'] as const;
// the chart library is loaded only by organisers, never in the units' bundle
const OrganiserFigures = lazy(() => import('./OrganiserFigures'));
const FIGURE_NAMESPACES = ['console', 'schema', 'guest'] as const;
const NO_NAMESPACES = [] as const;
const INTRO = {
  member: 'content.dashboard.memberIntro',
  guest: 'content.dashboard.guestIntro',
  organiser: 'content.dashboard.organiserIntro',
} as const;

/**
 * Attendance guide. Unit accounts see the 2 sign-up steps (SPEC section 1); staff, volunteers,
 * same-period attendees, guests and organisers see what their account can actually do.
 */
export default function DashboardScreen() {
  const { t } = useTranslation();
  const tk = useKeyTranslation();
  const userType = useSession((session) => session.userType);
  const permissions = useSession((session) => session.permissions);
  const kind = dashboardKindOf(userType);
  const actions = actionsFor(userType, permissions);
  const figureTexts = useNamespacesReady(kind === 'organiser' ? FIGURE_NAMESPACES : NO_NAMESPACES);
  return (
    <Paper sx={{ p: 3 }} data-testid="dashboard" data-kind={kind}>
      <Alert severity="info" sx={{ mb: 3 }} data-testid="dashboard-intro">
        {kind === 'unit' ? t('dashboard.intro') : tk(INTRO[kind])}
      </Alert>
      {kind === 'unit' && (
        <>
          <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
            {t('dashboard.stepsTitle')}
          </Typography>
          <Stepper orientation="vertical" activeStep={-1} nonLinear>
            {STEPS.map((step, index) => (
              <Step key={step} expanded>
                <StepLabel>{t(`dashboard.steps.${step}.title`, { index: index + 1 })}</StepLabel>
                <StepContent>
                  <Typography variant="body2">{t(`dashboard.steps.${step}.body`)}</Typography>
                </StepContent>
              </Step>
            ))}
          </Stepper>
        </>
      )}
      {actions.length > 0 && (
        <>
          <Typography component="h2" variant="h6" sx={{ mt: 3, mb: 2 }}>
            {tk('content.dashboard.actionsTitle')}
          </Typography>
          <Box
            component="nav"
            aria-label={tk('content.dashboard.actionsTitle')}
            sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}
            data-testid="dashboard-actions"
          >
            {actions.map((action, index) => (
              <Button
                key={`${action.key}-${action.to}`}
                variant={index === 0 ? 'contained' : 'outlined'}
                component={RouterLink}
                to={action.to}
                data-testid={`action-${action.key}`}
              >
                {tk(`content.dashboard.actions.${action.key}`)}
              </Button>
            ))}
          </Box>
        </>
      )}
      {kind === 'organiser' && figureTexts && (
        <Box sx={{ mt: 3 }}>
          <Suspense fallback={null}>
            <OrganiserFigures />
          </Suspense>
        </Box>
      )}
      <Box sx={{ mt: 3 }}>
        <Button component={RouterLink} to="/guide">
          {t('dashboard.readGuide')}
        </Button>
      </Box>
    </Paper>
  );
}
