import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { EntourageItem, GuestDetail } from '../../../shared/guest-api';
import type { RecordUpgradeData } from '../../../shared/record-upgrade-api';
import { guestApi } from '../../api/guest-endpoints';
import { listDeclaration } from '../../engine/declaration-catalogue';
import { DeclaredList } from '../../engine/DeclaredList';
import type { ListHost, Row } from '../../engine/list-actions';
import { ReadOnlyDocument } from '../../engine/ReadOnlyDocument';
import { upgradeErrorSchema } from '../../engine/record-upgrade';
import { RecordUpgradeNotice } from '../../engine/RecordUpgradeNotice';
import { SchemaForm } from '../../engine/SchemaForm';
import type { WizardPanelProps } from '../../engine/wizard/wizard-types';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { showToast } from '../../feedback/feedback-store';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { openMemberInCurrentVersion } from './entourage-record-upgrade';

/** The member being edited (null: a new one), its document as the form opens it, and the upgrade note of an older record. */
type Editing = { member: EntourageItem | null; document: Record<string, unknown>; upgrade: RecordUpgradeData | null } | null;

/**
 * Entourage of one guest: list, add, edit, delete, up to the edition's cap ("full"). Used as
 * the wizard's entourage step and by the entourage screen. The server enforces the gate and
 * the cap again; this only shows them.
 */
export function EntourageManager({ detail, access, onChanged }: WizardPanelProps<GuestDetail>) {
  const t = useKeyTranslation();
  const [editing, setEditing] = useState<Editing>(null);
  // the member whose itinerary is open; its own gate (canEditItinerary) outlives sign-up
  const [travelOf, setTravelOf] = useState<EntourageItem | null>(null);
  const members = detail.entourage;
  const full = detail.gates.entourageFull || members.length >= detail.entourageCap;
  const itineraryShut = detail.gateReasons.canEditItinerary;

  async function save(data: Record<string, unknown>) {
    const member = data;
    if (editing?.member) await guestApi.saveEntourage(detail.id, editing.member.id, member);
    else await guestApi.addEntourage(detail.id, member);
    setEditing(null);
    onChanged();
  }

  async function edit(member: EntourageItem) {
    setTravelOf(null);
    const opened = await openMemberInCurrentVersion(detail.id, member);
    setEditing({ member, document: opened.document, upgrade: opened.upgrade });
  }

  async function saveItinerary(member: EntourageItem, itinerary: Record<string, unknown>) {
    await guestApi.saveEntourageItinerary(detail.id, member.id, itinerary);
    showToast(t('guest.entourage.itinerarySaved'), 'success', ERROR_TOAST_MS);
    setTravelOf(null);
    onChanged();
  }

  // the members are a part of the guest: the list shows them; deleting (asked first) names the guest through the host's facts
  const membersHost: ListHost = {
    embedded: true,
    // an answer's interface, not a record type: the list reads its fields by name
    records: members as unknown as Row[],
    facts: { guestId: detail.id, editable: access.editable },
    // the guest is the export's filter (its members come with the guest's record)
    filters: { id: detail.id },
    onEvent: (event, row) => {
      const member = members.find((item) => item.id === row?.id);
      if (!member) return;
      if (event === 'edit') void edit(member);
      else if (event === 'itinerary') {
        setEditing(null);
        setTravelOf(member);
      }
    },
    onChanged: () => onChanged(),
  };

  return (
    <Box data-testid="entourage">
      <Typography sx={{ mb: 1 }} data-testid="entourage-count">
        {t('guest.entourage.count', { count: members.length, cap: detail.entourageCap })}
      </Typography>
      {access.editable && full && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="entourage-full">
          {t('guest.entourage.full', { cap: detail.entourageCap })}
        </Alert>
      )}
      {members.length > 0 && (
        <Box sx={{ mb: 2 }}>
          <DeclaredList declaration={listDeclaration('entourage-members')} host={membersHost} />
        </Box>
      )}
      {access.editable && !editing && (
        <Button
          variant="outlined"
          disabled={full}
          onClick={() => setEditing({ member: null, document: {}, upgrade: null })}
          data-testid="entourage-add"
        >
          {t('guest.entourage.add')}
        </Button>
      )}
      {travelOf && (
        <Box sx={{ mt: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid="entourage-itinerary">
          <Typography component="h3" variant="subtitle1" sx={{ mb: 1 }}>
            {t('guest.entourage.itineraryTitle', { name: String(travelOf.document.nameZh ?? '') })}
          </Typography>
          {!detail.gates.canEditItinerary && (
            <Alert severity="info" sx={{ mb: 2 }} data-testid="entourage-itinerary-closed">
              {itineraryShut ? t(itineraryShut.reasonKey, itineraryShut.reasonParams) : t('guest.entourage.itineraryClosed')}
            </Alert>
          )}
          <SchemaForm
            key={travelOf.id}
            formId="entourage-itinerary-form"
            schemaName="itinerary"
            initial={{ ...(travelOf.itinerary ?? {}) }}
            readOnly={!detail.gates.canEditItinerary}
            onSubmit={(data) => saveItinerary(travelOf, data)}
          >
            <Box sx={{ display: 'flex', gap: 2, mt: 2 }}>
              {detail.gates.canEditItinerary && (
                <Button type="submit" variant="contained" data-testid="entourage-itinerary-save">
                  {t('guest.entourage.itinerarySave')}
                </Button>
              )}
              <Button type="button" onClick={() => setTravelOf(null)}>
                {t('common.cancel')}
              </Button>
            </Box>
          </SchemaForm>
          <Box sx={{ mt: 2 }} data-testid="entourage-reception">
            <Typography component="h4" variant="subtitle2" sx={{ mb: 1 }}>
              {t('guest.reception.title')}
            </Typography>
            {travelOf.reception ? (
              <ReadOnlyDocument
                schemaName="reception"
                data={travelOf.reception}
                // the unit's own member: its receptionist phones through the audited reveal
                revealAt={async (pointer, kind) =>
                  (await guestApi.revealGuestField(detail.id, kind, travelOf.id, `/reception${pointer}`)).value
                }
              />
            ) : (
              <Typography color="text.secondary">{t('guest.reception.none')}</Typography>
            )}
          </Box>
        </Box>
      )}
      {editing && (
        <Box sx={{ mt: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Typography component="h3" variant="subtitle1" sx={{ mb: 1 }}>
            {editing.member ? t('guest.entourage.edit') : t('guest.entourage.add')}
          </Typography>
          <RecordUpgradeNotice upgrade={editing.upgrade} />
          <SchemaForm
            key={editing.member?.id ?? 'new'}
            formId="entourage-member-form"
            schemaName="entourage-member"
            initial={{ ...editing.document }}
            initialErrors={upgradeErrorSchema(editing.upgrade)}
            onSubmit={save}
          >
            <Box sx={{ display: 'flex', gap: 2, mt: 2 }}>
              <Button type="submit" variant="contained" data-testid="entourage-save">
                {t('guest.entourage.save')}
              </Button>
              <Button type="button" onClick={() => setEditing(null)}>
                {t('common.cancel')}
              </Button>
            </Box>
          </SchemaForm>
        </Box>
      )}
    </Box>
  );
}
