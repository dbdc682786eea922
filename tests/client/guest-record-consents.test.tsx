/**
 * Issue 18 point 4: the organiser's guest record shows the separate ID-number consent of the
 * guest and of each entourage member: the text version, the time and the submitting account
 * when given, "not on record" when missing. The account is named, never by its internal id.
 */
import { configure, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guestApi } from '../../src/client/api/guest-endpoints';
import GuestRecordScreen from '../../src/client/screens/guests/GuestRecordScreen';
import { formatDateTime } from '../../src/client/util/date-format';
import { currentMemberDocument, currentVersion, guestDetail } from './fixtures/guest-fixtures';

configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  vi.restoreAllMocks();
});

const AT = '2027-06-01T04:00:00.000Z';
const member = (
  id: string,
  nameZh: string,
  idNumberConsent: { version: number; at: string; by: string | null; byName: string | null } | null,
) => ({
  id,
  document: currentMemberDocument({ nameZh }),
  idNumberMasked: '370202********1234',
  idNumberConsent,
  schemaVersion: currentVersion('entourage-member'),
});

function renderRecord() {
  return render(
    <MemoryRouter initialEntries={['/admin/guests/g1']}>
      <Routes>
        <Route path="/admin/guests/:id" element={<GuestRecordScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("a guest's full record: ID-number consents", () => {
  it("shows the guest's consent with who submitted it, and each member's consent, given or missing", async () => {
    vi.spyOn(guestApi, 'adminGuest').mockResolvedValue(
      guestDetail({
        id: 'g1',
        nameZh: '张三',
        status: 'approved',
        idNumberConsent: { version: 2, at: AT, by: 'acc-1', byName: '单位联系人' },
        entourage: [
          member('m1', '李四', { version: 2, at: AT, by: 'acc-1', byName: '单位联系人' }),
          member('m2', '王五', null),
          member('m3', '赵六', { version: 1, at: AT, by: null, byName: null }),
        ],
      }),
    );
    renderRecord();
    const time = formatDateTime(AT);
    expect(await screen.findByTestId('record-id-consent')).toHaveTextContent(
      `证件号码单独同意：第 2 版文本，${time}，提交账号：单位联系人`,
    );
    // the submitting account by its name: its internal id means nothing to an organiser
    expect(screen.getByTestId('record-id-consent')).not.toHaveTextContent('acc-1');

    const list = await screen.findByTestId('record-member-consents');
    const lines = within(list).getAllByTestId('record-member-consent');
    expect(lines.map((line) => [line.getAttribute('data-member-id'), line.getAttribute('data-consent'), line.textContent])).toEqual([
      ['m1', 'given', `李四：第 2 版文本，${time}，提交账号：单位联系人`],
      ['m2', 'missing', '王五：未记录（下次保存时须勾选）'],
      ['m3', 'given', `赵六：第 1 版文本，${time}，提交账号：未记录`],
    ]);
  });

  it('shows no member list for a guest without entourage, and says the guest’s consent is missing', async () => {
    vi.spyOn(guestApi, 'adminGuest').mockResolvedValue(guestDetail({ id: 'g1', nameZh: '张三', idNumberConsent: null, entourage: [] }));
    renderRecord();
    expect(await screen.findByTestId('record-id-consent')).toHaveTextContent('证件号码单独同意：未记录（下次保存时须勾选）');
    expect(screen.queryByTestId('record-member-consents')).toBeNull();
  });
});
