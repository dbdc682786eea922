/** The company view says why guests cannot be added, in the server's words (edition.addGuestGate). */
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guestApi } from '../../src/client/api/guest-endpoints';
import CompanyViewScreen from '../../src/client/screens/units/CompanyViewScreen';
import type { EditionAnswer, UnitOverview } from '../../src/shared/guest-api';
import { editionAnswer } from './fixtures/guest-fixtures';

afterEach(() => vi.restoreAllMocks());

function overview(addGuestGate: EditionAnswer['addGuestGate']): UnitOverview {
  return {
    unit: { id: 'u1', name: '示例跨国企业有限公司', unitType: 'enterprise' },
    edition: editionAnswer(addGuestGate),
    guests: { total: 0, pending: 0, approved: 0, rejected: 0 },
    attendance: { undecided: 0, attending: 0, 'not-attending': 0, cancelled: 0 },
    entourageTotal: 0,
  };
}

function renderView() {
  render(
    <MemoryRouter>
      <CompanyViewScreen />
    </MemoryRouter>,
  );
}

describe('company view', () => {
  it('shows the reason the server gave for shutting the add-guest gate, with its dates', async () => {
    // the edition's switches are all open: only the server's decision says "outside the window"
    vi.spyOn(guestApi, 'unitOverview').mockResolvedValue(
      overview({ open: false, reasonKey: 'guest.gates.outsideWindow', reasonParams: { start: '2026-09-01', end: '2027-07-31' } }),
    );
    renderView();
    expect(await screen.findByTestId('overview-add-guest-gate')).toHaveTextContent('2026-09-01 至 2027-07-31');
  });

  it('says nothing while guests may be added', async () => {
    vi.spyOn(guestApi, 'unitOverview').mockResolvedValue(overview({ open: true }));
    renderView();
    await screen.findByTestId('company-view');
    expect(screen.queryByTestId('overview-add-guest-gate')).toBeNull();
  });
});
