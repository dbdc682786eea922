/**
 * Form versions on the client: a record saved under an older schema version opens from the
 * record-upgrade route, shows a note of the dropped fields, flags what must change on its field,
 * and saves the upgraded document once only that is fixed. The real bindings and operations run;
 * only the HTTP calls are replaced.
 */
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EditionAnswer, UnitInfo } from '../../src/shared/guest-api';
import type { RecordUpgradeData } from '../../src/shared/record-upgrade-api';
import { guestApi } from '../../src/client/api/guest-endpoints';
import { recordUpgradeApi } from '../../src/client/api/record-upgrade-endpoints';
import { DeclaredForm } from '../../src/client/engine/DeclaredForm';
import { findDeclaration } from '../../src/client/engine/declaration-catalogue';
import type { FormDeclaration } from '../../src/client/engine/screen-types';
import { WizardRuntime } from '../../src/client/engine/wizard/WizardRuntime';
import { EntourageManager } from '../../src/client/screens/guests/EntourageManager';
import { findWizard, guestWizardBinding } from '../../src/client/screens/guests/guest-wizard-binding';
import { currentGuestDocument, currentUnitDocument, currentVersion, guestDetail } from './fixtures/guest-fixtures';

// forms load their schema, validator and lazy widgets as chunks: slow on a busy machine
configure({ asyncUtilTimeout: 15000 });
vi.setConfig({ testTimeout: 30000 });

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

/** a guest document the current guest schema accepts (the fields these tests are about come from the schema) */
const currentGuest = currentGuestDocument();
const LONG_NAME = Array.from({ length: 30 }, () => 'Abcd').join(' ');

/** The input of a field, once the lazily loaded form has rendered it. */
function inputOf(container: HTMLElement, field: string): Promise<HTMLInputElement> {
  return waitFor(() => {
    const input = container.querySelector<HTMLInputElement>(`#root_${field}`);
    if (!input) throw new Error(`no field ${field} yet`);
    return input;
  });
}

function errorTextOf(container: HTMLElement, field: string): string {
  return container.querySelector(`#root_${field}__error`)?.textContent ?? '';
}

afterEach(() => vi.restoreAllMocks());

describe('an old guest record in the registration wizard', () => {
  const upgrade: RecordUpgradeData = {
    kind: 'guest',
    id: 'g1',
    fromVersion: 1,
    toVersion: currentVersion('guest'),
    document: { ...currentGuest, nameEn: LONG_NAME },
    dropped: [{ pointer: '/faxNumber', label: 'schema.fields.nameZh', value: '0532-88886666' }],
    problems: [{ pointer: '/nameEn', key: 'validation.maxLength', params: { limit: 100 }, label: 'schema.fields.nameEn' }],
  };

  function serve(schemaVersion: number, document: Record<string, unknown>) {
    vi.spyOn(guestApi, 'currentEdition').mockResolvedValue(edition);
    vi.spyOn(guestApi, 'guest').mockResolvedValue(guestDetail({ schemaVersion, document }));
    const fetchUpgrade = vi.spyOn(recordUpgradeApi, 'guest').mockResolvedValue(upgrade);
    const save = vi.spyOn(guestApi, 'saveGuest').mockResolvedValue(null);
    return { fetchUpgrade, save };
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

  it('shows the note with the dropped field and its old value, and flags the too-long value on its field', async () => {
    const { fetchUpgrade } = serve(1, { ...currentGuest, nameEn: LONG_NAME, faxNumber: '0532-88886666' });
    const { container } = renderWizard();
    const notice = await screen.findByTestId('record-upgrade-notice');
    expect(fetchUpgrade).toHaveBeenCalledWith('g1');
    expect(notice).toHaveTextContent('此记录按旧版表单保存');
    expect(notice).toHaveTextContent(`版本 1 → ${currentVersion('guest')}`);
    expect(screen.getByTestId('record-upgrade-dropped')).toHaveTextContent('中文姓名：0532-88886666');
    expect(screen.getByTestId('record-upgrade-problems')).toHaveTextContent('1 个');
    await waitFor(() => expect(errorTextOf(container, 'nameEn')).toBe('原内容不符合当前版本：长度不能超过 100 个字符'));
    // the form holds the upgraded document: the long value, no dropped field
    expect((container.querySelector('#root_nameEn') as HTMLInputElement).value).toBe(LONG_NAME);
    expect(errorTextOf(container, 'nameZh')).toBe('');
  });

  it('saves the upgraded document once only the flagged field is fixed', async () => {
    const { save, fetchUpgrade } = serve(1, { ...currentGuest, nameEn: LONG_NAME, faxNumber: '0532-88886666' });
    const { container } = renderWizard();
    await screen.findByTestId('record-upgrade-notice');
    const nameEn = await inputOf(container, 'nameEn');
    fireEvent.change(nameEn, { target: { value: 'Zhang San' } });
    fireEvent.blur(nameEn);
    fireEvent.click(await screen.findByTestId('wizard-save'));
    await waitFor(() => expect(save).toHaveBeenCalled());
    const [id, sent] = save.mock.calls[0]!;
    expect(id).toBe('g1');
    expect(sent).toMatchObject({ ...currentGuest, nameEn: 'Zhang San' });
    expect(sent).not.toHaveProperty('faxNumber');
    // the wizard reloads the record after the save (the mocked record is still of version 1, so it
    // asks for the upgrade again): awaited here, or it would land in the next test's spies
    await waitFor(() => expect(fetchUpgrade).toHaveBeenCalledTimes(2));
  });

  it('opens a record of the current version as stored, without asking for an upgrade', async () => {
    const { fetchUpgrade } = serve(currentVersion('guest'), currentGuest);
    const { container } = renderWizard();
    await waitFor(() => expect(container.querySelector('#root_nameZh')).not.toBeNull());
    expect(fetchUpgrade).not.toHaveBeenCalled();
    expect(screen.queryByTestId('record-upgrade-notice')).toBeNull();
  });
});

describe('old unit information in the unit form', () => {
  const currentUnit = currentUnitDocument({ unitType: 'enterprise', orgNameZh: '示例跨国企业有限公司' });
  const longAddress = '青岛'.repeat(140);
  const stored: UnitInfo = {
    id: 'u1',
    unitType: 'enterprise',
    name: String(currentUnit.orgNameZh),
    document: { ...currentUnit, companyAddress: longAddress, legacyCode: 'QD-001' },
    schemaVersion: 1,
    complete: true,
  };
  const upgrade: RecordUpgradeData = {
    kind: 'unit',
    id: 'u1',
    fromVersion: 1,
    toVersion: 1,
    document: { ...currentUnit, companyAddress: longAddress },
    dropped: [{ pointer: '/legacyCode', value: 'QD-001' }],
    problems: [{ pointer: '/companyAddress', key: 'validation.maxLength', params: { limit: 255 }, label: 'schema.fields.companyAddress' }],
  };

  it("names a field dropped from a version published in the console by the server's text of its label, which this page never loaded", async () => {
    vi.spyOn(guestApi, 'myUnit').mockResolvedValue(stored);
    vi.spyOn(recordUpgradeApi, 'myUnit').mockResolvedValue({
      ...upgrade,
      dropped: [{ pointer: '/dietaryNeed', label: 'schema.fields.dietaryNeed', labelText: '饮食要求', value: 'vegetarian' }],
    });
    vi.spyOn(guestApi, 'saveMyUnit').mockResolvedValue(null);
    render(
      <MemoryRouter>
        <DeclaredForm declaration={findDeclaration('unit-info-enterprise') as FormDeclaration} />
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('record-upgrade-dropped')).toHaveTextContent('饮食要求：vegetarian');
  });

  it('loads the upgraded unit (the stored one fails the current validator), notes and flags, and saves it fixed', async () => {
    vi.spyOn(guestApi, 'myUnit').mockResolvedValue(stored);
    const fetchUpgrade = vi.spyOn(recordUpgradeApi, 'myUnit').mockResolvedValue(upgrade);
    const save = vi.spyOn(guestApi, 'saveMyUnit').mockResolvedValue(null);
    const { container } = render(
      <MemoryRouter>
        <DeclaredForm declaration={findDeclaration('unit-info-enterprise') as FormDeclaration} />
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('record-upgrade-dropped')).toHaveTextContent('legacyCode：QD-001');
    expect(screen.getByTestId('record-upgrade-notice')).toHaveTextContent('此记录已不符合当前版本（版本 1）的表单规则');
    expect(fetchUpgrade).toHaveBeenCalled();
    await waitFor(() => expect(errorTextOf(container, 'companyAddress')).toBe('原内容不符合当前版本：长度不能超过 255 个字符'));
    const address = await inputOf(container, 'companyAddress');
    fireEvent.change(address, { target: { value: '山东省青岛市市南区香港中路 2 号' } });
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(save.mock.calls[0]![0]).toEqual({ ...currentUnit, companyAddress: '山东省青岛市市南区香港中路 2 号' });
  });

  it('lists the masked contact mobile over the upgraded form with a Show button (the audited reveal)', async () => {
    const maskedUpgrade: RecordUpgradeData = { ...upgrade, document: { ...upgrade.document, contactMobile: '137****0708' } };
    vi.spyOn(guestApi, 'myUnit').mockResolvedValue(stored);
    vi.spyOn(recordUpgradeApi, 'myUnit').mockResolvedValue(maskedUpgrade);
    const reveal = vi.spyOn(guestApi, 'revealMyUnitField').mockResolvedValue({ value: '13770000708' });
    render(
      <MemoryRouter>
        <DeclaredForm declaration={findDeclaration('unit-info-enterprise') as FormDeclaration} />
      </MemoryRouter>,
    );
    const panel = await screen.findByTestId('masked-values');
    await waitFor(() => expect(panel).toHaveTextContent('137****0708'));
    expect(reveal).not.toHaveBeenCalled();
    fireEvent.click(within(panel).getByTestId('reveal-button'));
    await waitFor(() => expect(panel).toHaveTextContent('13770000708'));
    expect(reveal).toHaveBeenCalledWith('mobile');
    expect(within(panel).queryByTestId('reveal-button')).toBeNull();
  });

  it('lists no masked values when the record holds none', async () => {
    vi.spyOn(guestApi, 'myUnit').mockResolvedValue(stored);
    vi.spyOn(recordUpgradeApi, 'myUnit').mockResolvedValue(upgrade);
    render(
      <MemoryRouter>
        <DeclaredForm declaration={findDeclaration('unit-info-enterprise') as FormDeclaration} />
      </MemoryRouter>,
    );
    await screen.findByTestId('record-upgrade-notice');
    expect(screen.queryByTestId('masked-values')).toBeNull();
  });

  it('still opens the unit as stored when the upgrade call fails', async () => {
    vi.spyOn(guestApi, 'myUnit').mockResolvedValue(stored);
    vi.spyOn(recordUpgradeApi, 'myUnit').mockRejectedValue(new Error('offline'));
    const { container } = render(
      <MemoryRouter>
        <DeclaredForm declaration={findDeclaration('unit-info-enterprise') as FormDeclaration} />
      </MemoryRouter>,
    );
    const address = await inputOf(container, 'companyAddress');
    expect(address.value).toBe(longAddress);
    expect(screen.queryByTestId('record-upgrade-notice')).toBeNull();
  });

  it('does not ask for an upgrade while the unit has never saved its form', async () => {
    vi.spyOn(guestApi, 'myUnit').mockResolvedValue({ ...stored, document: { orgNameZh: stored.name }, complete: false });
    const fetchUpgrade = vi.spyOn(recordUpgradeApi, 'myUnit').mockResolvedValue(upgrade);
    const { container } = render(
      <MemoryRouter>
        <DeclaredForm declaration={findDeclaration('unit-info-enterprise') as FormDeclaration} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(container.querySelector('#root_orgNameZh')).not.toBeNull());
    expect(fetchUpgrade).not.toHaveBeenCalled();
    expect(screen.queryByTestId('record-upgrade-notice')).toBeNull();
  });
});
