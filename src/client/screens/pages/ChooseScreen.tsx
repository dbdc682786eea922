import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { userTypes } from '../../../shared/schema-enums';

/** Account types a visitor can register (SPEC section 2, registration choice). */
const REGISTRABLE_TYPES = userTypes;

export default function ChooseScreen() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
      {REGISTRABLE_TYPES.map((type) => (
        <Card key={type} variant="outlined">
          <CardActionArea component={RouterLink} to={`/registerFrontUser?type=${type}`} data-testid={`choose-${type}`}>
            <CardContent>
              <Typography component="h2" variant="h6">
                {t(`choose.types.${type}.title`)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t(`choose.types.${type}.body`)}
              </Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}
