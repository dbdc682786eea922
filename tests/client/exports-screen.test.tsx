import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as downloads from '../../src/client/api/download-file';
import ExportsScreen from '../../src/client/screens/exports/ExportsScreen';
import { consoleApiPaths } from '../../src/shared/console-api';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('exports screen', () => {
  it('offers the directions of manifest-query and downloads the chosen one', async () => {
    const download = vi.spyOn(downloads, 'downloadFile').mockResolvedValue({ ok: true, headers: new Headers() });
    render(<ExportsScreen />);
    // the form is drawn once its schema has loaded
    fireEvent.mouseDown(await screen.findByRole('combobox'));
    const options = await screen.findAllByRole('option');
    // the blank first choice every schema select has (the direction is required: refused on submit)
    expect(options.map((option) => option.textContent)).toEqual(['', '接站', '送站']);
    fireEvent.click(screen.getByRole('option', { name: '送站' }));
    const date = screen.getByRole('textbox', { name: /日期/ });
    // issue 19 item 17: the UI language's hint, never the browser's mm/dd/yyyy
    expect(date).toHaveAttribute('placeholder', '年-月-日，如 2027-06-18');
    fireEvent.change(date, { target: { value: '2027/6/17' } });
    fireEvent.click(screen.getByTestId('export-manifest'));
    await waitFor(() =>
      expect(download).toHaveBeenCalledWith(consoleApiPaths.exportManifest, 'departure-2027-06-17.xlsx', {
        direction: 'departure',
        date: '2027-06-17',
        station: undefined,
      }),
    );
  });
});
