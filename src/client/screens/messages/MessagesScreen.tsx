import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import type { UnitChoice } from '../../../shared/console-api';
import { messageApi } from '../../api/message-endpoints';
import { DeclaredListSection } from '../../engine/DeclaredListSection';
import { useListHost } from '../../engine/use-list-host';
import { SchemaForm } from '../../engine/SchemaForm';
import { showToast } from '../../feedback/feedback-store';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { ConsoleSection } from '../../layout/ConsoleSection';
import { UnitPicker } from '../units/UnitPicker';

/**
 * /admin/messages: organisers write a message in both languages (the message-compose form) and
 * send it to the guests chosen in the guest search (`?guests=` ids, its "message the selected
 * guests"), to the units picked here, or to the guests a filter of the form matches. Below, the
 * messages sent with their deliveries counted by state; a row opens its deliveries.
 */
export default function MessagesScreen() {
  const t = useKeyTranslation();
  const [search, setSearch] = useSearchParams();
  const guestIds = (search.get('guests') ?? '').split(',').filter(Boolean);
  const [units, setUnits] = useState<UnitChoice[]>([]);
  const [formKey, setFormKey] = useState(0);
  const { host, reload } = useListHost({});

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <ConsoleSection name="message-write" titleKey="console.messages.write" maxWidth={760}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="message-placeholders">
          {t('console.messages.placeholdersHelp')}
        </Typography>
        <Box sx={{ mb: 1 }}>
          <Typography component="h3" variant="subtitle2">
            {t('console.messages.audience')}
          </Typography>
          {guestIds.length > 0 ? (
            <Alert severity="info" data-testid="message-audience-guests">
              {t('console.messages.audienceGuests', { count: guestIds.length })}
            </Alert>
          ) : (
            <>
              <Typography variant="body2" color="text.secondary">
                {t('console.messages.audienceUnits')}
              </Typography>
              <UnitPicker multiple label={t('console.schema.fields.units')} value={units} onChange={setUnits} testId="message-units" />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('console.messages.audienceFilter')}
              </Typography>
            </>
          )}
        </Box>
        <SchemaForm
          key={formKey}
          formId="message-compose-form"
          schemaName="message-compose"
          initial={{ channels: ['email'] }}
          onSubmit={async (data) => {
            const { guestIds: _g, unitIds: _u, filter, ...texts } = data as Record<string, unknown>;
            const audience =
              guestIds.length > 0 ? { guestIds } : units.length > 0 ? { unitIds: units.map((unit) => unit.id) } : { filter: filter ?? {} };
            await messageApi.send({ ...texts, ...audience });
            showToast(t('console.messages.sentToast'), 'success', ERROR_TOAST_MS);
            setUnits([]);
            if (guestIds.length > 0) setSearch({}, { replace: true });
            setFormKey((key) => key + 1);
            reload();
          }}
        >
          <Box sx={{ display: 'flex', gap: 2, mt: 2 }}>
            <Button type="submit" variant="contained" data-testid="message-send">
              {t('console.messages.send')}
            </Button>
          </Box>
        </SchemaForm>
      </ConsoleSection>
      <DeclaredListSection list="messages-sent" host={host} />
    </Box>
  );
}
