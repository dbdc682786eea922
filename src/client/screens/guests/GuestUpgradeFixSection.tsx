import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import type { RecordUpgradeData } from '../../../shared/record-upgrade-api';
import { guestApi } from '../../api/guest-endpoints';
import { upgradeErrorSchema } from '../../engine/record-upgrade';
import { SchemaForm } from '../../engine/SchemaForm';
import { showToast } from '../../feedback/feedback-store';
import { translateKey } from '../../i18n/translate-key';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { RegistrationSection } from './RegistrationSection';

/** The top-level fields an upgrade flags, in the order of its problems. */
export function flaggedFields(upgrade: RecordUpgradeData): string[] {
  return [...new Set(upgrade.problems.map((problem) => problem.pointer.split('/')[1] ?? ''))].filter(Boolean);
}

/** Each flagged field by its label (its name when it has none). */
function flaggedLabels(upgrade: RecordUpgradeData): string[] {
  return flaggedFields(upgrade).map((name) => {
    const label = upgrade.problems.find((problem) => problem.pointer.split('/')[1] === name)?.label;
    const text = label ? translateKey(label) : '';
    return text && text !== label ? text : name;
  });
}

/**
 * The organiser's record of a guest saved under an older guest form version whose current version
 * flags fields: the basic information as a form where only the flagged fields can change (marked,
 * the rest read-only, the note naming them), saved with PUT admin/guest/{id}/upgrade-fix, which
 * keeps the guest's status. The unit cannot do this for an approved guest beyond the same fields.
 */
export function GuestUpgradeFixSection({
  guestId,
  upgrade,
  onSaved,
}: {
  guestId: string;
  upgrade: RecordUpgradeData;
  onSaved: () => void;
}) {
  const t = useKeyTranslation();
  const fields = flaggedFields(upgrade);
  return (
    <RegistrationSection titleKey="guest.steps.basic" testId="record-upgrade-fix">
      <Alert severity="info" sx={{ mb: 2 }} data-testid="record-upgrade-fields">
        {t('console.record.upgradeFix', { fields: flaggedLabels(upgrade).join(t('console.record.upgradeFieldSeparator')) })}
      </Alert>
      <SchemaForm
        schemaName="guest"
        formId="record-upgrade-fix-form"
        idPrefix="upgrade"
        initial={upgrade.document}
        editableFields={fields}
        initialErrors={upgradeErrorSchema(upgrade)}
        onSubmit={async (data) => {
          await guestApi.adminSaveUpgradeFix(guestId, data);
          showToast(t('console.record.upgradeFixSaved'), 'success', ERROR_TOAST_MS);
          onSaved();
        }}
      >
        {(busy) => (
          <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 1 }} data-testid="record-upgrade-save">
            {t('console.record.upgradeFixSave')}
          </Button>
        )}
      </SchemaForm>
    </RegistrationSection>
  );
}
