/**
 * An approved guest saved under an older form version: its basic information is locked, yet
 * the current version flags a field. The locked step lets the unit change exactly the flagged
 * field (marked), the rest stays read-only, and the save sends the upgraded document.
 */
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EditionAnswer } from '../../src/shared/guest-api';
import type { RecordUpgradeData } from '../../src/shared/record-upgrade-api';
import { guestApi } from '../../src/client/api/guest-endpoints';
import { recordUpgradeApi } from '../../src/client/api/record-upgrade-endpoints';
import { WizardRuntime } from '../../src/client/engine/wizard/WizardRuntime';
import { EntourageManager } from '../../src/client/screens/guests/EntourageManager';
import { findWizard, guestWizardBinding } from '../../src/client/screens/guests/guest-wizard-binding';
import { currentGuestDocument, currentVersion, guestDetail } from './fixtures/guest-fixtures';

configure({ asyncUtilTimeout: 15000 });
vi.setConfig({ testTimeout: 30000 });
afterEach(() => vi.restoreAllMocks());

const edition: EditionAnswer = {
  id: 'e1',
  year: 2027,
  name: '2027',
  registrationStart: '2020-01-01',
  registrationEnd: '2099-12-31',
  itineraryDeadline: '2099-09-28',
  conferenceStart: '2027-06-18',
  conferenceEnd: '2027-06-20',
  entourageCap: 2,
  guestRegistrationEnabled: true,
  signUpClosed: false,
  inviteCodeRequired: false,
  addGuestGate: { open: true },
};
const LONG_NAME = Array.from({ length: 30 }, () => 'Abcd').join(' ');
const currentGuest = currentGuestDocument({ inviteCode: 'INVITE2025A' });
const LOCKED = { canEditBasic: { reasonKey: 'guest.gates.approvedLocked' } };

function serve(problems: RecordUpgradeData['problems']) {
  const stored = { ...currentGuest, nameEn: LONG_NAME };
  vi.spyOn(guestApi, 'currentEdition').mockResolvedValue(edition);
  vi.spyOn(guestApi, 'guest').mockResolvedValue(
    guestDetail({ status: 'approved', schemaVersion: 1, document: stored }, { canEditBasic: false, canManageEntourage: true }, LOCKED),
  );
  vi.spyOn(recordUpgradeApi, 'guest').mockResolvedValue({
    kind: 'guest',
    id: 'g1',
    fromVersion: 1,
    toVersion: currentVersion('guest'),
    document: stored,
    dropped: [{ pointer: '/faxNumber', value: '0532-88886666' }],
    problems,
  });
  return vi.spyOn(guestApi, 'saveGuest').mockResolvedValue(null);
}

function renderWizard() {
  return render(
    <MemoryRouter>
      <WizardRuntime
        declaration={findWizard('guest-registration')}
        recordId="g1"
        binding={guestWizardBinding}
        panels={{ entourage: EntourageManager }}
        initialStep="basic"
      />
    </MemoryRouter>,
  );
}

const field = (container: HTMLElement, name: string) => container.querySelector<HTMLInputElement>(`#root_${name}`);

describe('an approved guest of an older form version', () => {
  it('opens only the flagged field of the locked basic step, marked, and saves the fix', async () => {
    const save = serve([{ pointer: '/nameEn', key: 'validation.maxLength', params: { limit: 100 }, label: 'schema.fields.nameEn' }]);
    const { container } = renderWizard();
    await screen.findByTestId('record-upgrade-notice');
    expect(await screen.findByTestId('wizard-gate')).toHaveTextContent('只修改这些字段');
    await waitFor(() => expect(container.querySelector('#root_nameEn__error')?.textContent).toMatch(/长度不能超过 100 个字符/));
    const nameEn = field(container, 'nameEn')!;
    expect(nameEn).toBeEnabled();
    expect(nameEn).not.toHaveAttribute('readonly');
    // the rest stays as approved: read-only, the invitation code among them
    expect(field(container, 'nameZh')!.disabled || field(container, 'nameZh')!.readOnly).toBe(true);
    expect(field(container, 'inviteCode')).toBeDisabled();
    expect(screen.queryByTestId('check-invite-code')).toBeNull();

    fireEvent.change(nameEn, { target: { value: 'Zhang San' } });
    fireEvent.blur(nameEn);
    fireEvent.click(await screen.findByTestId('wizard-save'));
    await waitFor(() => expect(save).toHaveBeenCalled());
    // the stored document with only the fix: what the server lets through the lock
    expect(save.mock.calls[0]![1]).toEqual({ ...currentGuest, nameEn: 'Zhang San' });
  });

  it('keeps the step locked, invitation code included, when the current version flags nothing', async () => {
    const save = serve([]);
    const { container } = renderWizard();
    await screen.findByTestId('wizard-gate');
    await waitFor(() => expect(field(container, 'inviteCode')).not.toBeNull());
    expect(screen.getByTestId('wizard-gate')).toHaveTextContent('基本信息不能再修改');
    expect(field(container, 'inviteCode')).toBeDisabled();
    expect(screen.queryByTestId('wizard-save')).toBeNull();
    expect(save).not.toHaveBeenCalled();
  });
});
