import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleApi } from '../../src/client/api/console-endpoints';
import * as downloads from '../../src/client/api/download-file';
import { findDeclaration } from '../../src/client/engine/declaration-catalogue';
import { DeclaredList } from '../../src/client/engine/DeclaredList';
import type { ListDeclaration } from '../../src/client/engine/screen-types';
import type { UnitListItem } from '../../src/shared/console-api';

afterEach(() => vi.restoreAllMocks());

const unit = (extra: Partial<UnitListItem> = {}): UnitListItem => ({
  id: 'u1',
  name: '示例跨国企业有限公司',
  unitType: 'enterprise',
  guestCount: 3,
  approvedCount: 1,
  pendingCount: 2,
  rejectedCount: 0,
  ...extra,
});

describe("the organisers' units list", () => {
  it('shows each unit with its type and guest counts, searches by name and type, sorts by the headers and exports what it shows', async () => {
    const load = vi.spyOn(consoleApi, 'unitPage').mockResolvedValue({
      records: [unit(), unit({ id: 'u2', name: '示例日报社', unitType: 'media', guestCount: 0 })],
      total: 2,
      pageNum: 1,
      pageSize: 20,
    });
    const exported = vi.spyOn(downloads, 'downloadListFile').mockResolvedValue(undefined);
    render(
      <MemoryRouter initialEntries={['/admin/units?name=%E7%A4%BA%E4%BE%8B']}>
        <DeclaredList declaration={findDeclaration('unit-list') as ListDeclaration} />
      </MemoryRouter>,
    );
    const rows = await screen.findAllByTestId('units-row');
    expect(rows[0]).toHaveTextContent('示例跨国企业有限公司');
    expect(rows[0]).toHaveTextContent('企业');
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(['3', '1', '2', '0']));
    expect(rows[1]).toHaveTextContent('媒体');
    expect(load).toHaveBeenLastCalledWith({ name: '示例', pageNum: '1', pageSize: '20' });
    // a person searches by the unit's name and type; the order is the headers'
    expect(screen.getByRole('textbox', { name: /^单位/ })).toHaveValue('示例');
    expect(screen.queryByLabelText(/^排序/)).toBeNull();
    fireEvent.click(screen.getByTestId('units-sort-guestCount'));
    fireEvent.click(screen.getByTestId('units-sort-guestCount'));
    await waitFor(() =>
      expect(load).toHaveBeenLastCalledWith({ name: '示例', sort: 'guestCount', order: 'desc', pageNum: '1', pageSize: '20' }),
    );
    fireEvent.click(screen.getByTestId('units-download'));
    await waitFor(() =>
      expect(exported).toHaveBeenCalledWith(
        'admin/console/export/units',
        'units.xlsx',
        expect.objectContaining({ name: '示例', sort: 'guestCount', order: 'desc' }),
      ),
    );
  });
});
