import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

const STEPS = ['unit', 'guests'] as const;

/** Attendance guide: sign-up is fully online in 2 steps (SPEC section 1). */
export default function DashboardScreen() {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: 3 }} data-testid="dashboard">
      <Alert severity="info" sx={{ mb: 3 }}>
        {t('dashboard.intro')}
      </Alert>
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
      <Box sx={{ mt: 3, display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} to="/guide">
          {t('dashboard.readGuide')}
        </Button>
        <Button variant="outlined" component={RouterLink} to="/myNotice">
          {t('dashboard.readNotices')}
        </Button>
      </Box>
    </Paper>
  );
}
