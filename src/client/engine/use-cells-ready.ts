import { useEffect, useState } from 'react';
import { listCells, listCellsReady } from './list-cells';
import type { ListDeclaration } from './screen-types';

const missingCell = (declaration: ListDeclaration) =>
  declaration.columns.some((column) => column.format === 'cell' && !listCells[column.cell ?? '']);

/**
 * Whether every cell the list names is at hand. A list whose host hands it the rows runs no
 * operation, so nothing else would load the app's cells (their own chunk): it waits for them
 * here instead of drawing blank cells.
 */
export function useCellsReady(declaration: ListDeclaration): boolean {
  const [ready, setReady] = useState(() => !missingCell(declaration));
  useEffect(() => {
    if (ready) return;
    let live = true;
    // a failed chunk shows the rows with what is at hand rather than no rows at all
    const done = () => live && setReady(true);
    void listCellsReady().then(done, done);
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}
