import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { looksMasked } from '../../../shared/sensitive-fields';
import type { GuestDetail, ReviewItem } from '../../../shared/guest-api';
import { guestApi } from '../../api/guest-endpoints';
import { ReadOnlyDocument } from '../../engine/ReadOnlyDocument';
import { SchemaForm } from '../../engine/SchemaForm';
import { showToast } from '../../feedback/feedback-store';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { ReceptionPicker, type ReceptionPoint } from './ReceptionPicker';

/** A saved arrangement whose receptionist phones the answer masked. */
const holdsMaskedPhone = (reception: Record<string, unknown>): boolean =>
  ['stations', 'hotels'].some(
    (list) =>
      Array.isArray(reception[list]) &&
      (reception[list] as Record<string, unknown>[]).some((point) => looksMasked(point?.receptionistPhone)),
  );

/** Whose reception the form edits: the guest, or one of the guest's entourage members. */
type Target = { kind: 'guest' } | { kind: 'member'; memberId: string };

/**
 * Organisers set the reception (receptionists at stations and hotels) of a guest and of each
 * entourage member; the unit sees it read-only. The editor first reads the stored guest, so
 * the form starts from the saved reception instead of empty; a save replaces the whole reception.
 */
export function ReceptionEditor({ guest, onClose }: { guest: ReviewItem; onClose: () => void }) {
  const t = useKeyTranslation();
  const [detail, setDetail] = useState<GuestDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const [target, setTarget] = useState<Target>({ kind: 'guest' });
  // a receptionist picked from the organisers' list is added to what is typed so far (the form restarts from it)
  const typed = useRef<Record<string, unknown> | null>(null);
  const [picked, setPicked] = useState<{ data: Record<string, unknown>; round: number } | null>(null);
  useEffect(() => {
    typed.current = null;
    setPicked(null);
  }, [target]);
  const addPicked = (kind: 'hotels' | 'stations', point: ReceptionPoint) => {
    const base = typed.current ?? picked?.data ?? { ...(stored ?? {}) };
    const list = Array.isArray(base[kind]) ? (base[kind] as unknown[]) : [];
    setPicked({ data: { ...base, [kind]: [...list, point] }, round: (picked?.round ?? 0) + 1 });
  };

  useEffect(() => {
    let live = true;
    guestApi
      .adminGuest(guest.id)
      .then((loaded) => live && setDetail(loaded))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [guest.id]);

  const member = detail && target.kind === 'member' ? detail.entourage.find((m) => m.id === target.memberId) : undefined;
  const stored = target.kind === 'guest' ? detail?.reception : member?.reception;

  async function save(data: Record<string, unknown>) {
    if (target.kind === 'member') await guestApi.saveEntourageReception(guest.id, target.memberId, data);
    else await guestApi.saveReception(guest.id, data);
    showToast(t('guest.reception.saved'), 'success', ERROR_TOAST_MS);
    onClose();
  }

  return (
    <Box sx={{ mt: 3, p: 2, border: 1, borderColor: 'divider', borderRadius: 1, maxWidth: 640 }} data-testid="reception-editor">
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('guest.reception.editTitle', { name: member ? String(member.document.nameZh ?? '') : guest.nameZh })}
      </Typography>
      {failed && <Alert severity="error">{t('form.loadFailed')}</Alert>}
      {!failed && !detail && <CircularProgress aria-label={t('common.loading')} />}
      {detail && detail.entourage.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }} role="group" aria-label={t('guest.reception.whose')}>
          <Button
            size="small"
            variant={target.kind === 'guest' ? 'contained' : 'outlined'}
            onClick={() => setTarget({ kind: 'guest' })}
            data-testid="reception-target-guest"
          >
            {guest.nameZh}
          </Button>
          {detail.entourage.map((m) => (
            <Button
              key={m.id}
              size="small"
              variant={target.kind === 'member' && target.memberId === m.id ? 'contained' : 'outlined'}
              onClick={() => setTarget({ kind: 'member', memberId: m.id })}
              data-testid="reception-target-member"
            >
              {t('guest.reception.ofMember', { name: String(m.document.nameZh ?? '') })}
            </Button>
          ))}
        </Box>
      )}
      {stored && holdsMaskedPhone(stored) && (
        // the saved arrangement's phones come masked: each one can be shown (audited) here
        <Box sx={{ mb: 2 }} data-testid="reception-masked-values">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('form.maskedValues')}
          </Typography>
          <ReadOnlyDocument
            schemaName="reception"
            data={stored}
            revealAt={async (pointer, kind) =>
              (
                await guestApi.adminRevealGuestField(
                  guest.id,
                  kind,
                  target.kind === 'member' ? target.memberId : undefined,
                  `/reception${pointer}`,
                )
              ).value
            }
          />
        </Box>
      )}
      {detail && <ReceptionPicker onPick={addPicked} />}
      {detail && (
        <SchemaForm
          key={`${guest.id}:${target.kind === 'member' ? target.memberId : 'guest'}:${picked?.round ?? 0}`}
          formId="reception-form"
          schemaName="reception"
          initial={picked?.data ?? { ...(stored ?? {}) }}
          // the whole typed arrangement (receptionist phones are x-sensitive, so drafts leave them out)
          onData={(data) => {
            typed.current = data;
          }}
          onSubmit={save}
        >
          <Box sx={{ display: 'flex', gap: 2, mt: 2 }}>
            <Button type="submit" variant="contained" data-testid="reception-save">
              {t('guest.reception.save')}
            </Button>
            <Button type="button" onClick={onClose}>
              {t('common.cancel')}
            </Button>
          </Box>
        </SchemaForm>
      )}
    </Box>
  );
}
