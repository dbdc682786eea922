import type { ReactNode } from 'react';

/** What a list cell shows for one row. */
export type ListCell = (row: Record<string, unknown>) => ReactNode;

/**
 * Cells a list declaration names with `format: "cell"`: what one field and a format cannot
 * show (several fields in one cell). The app hands its cells over at start (registerCatalogue);
 * codegen checks the names a declaration uses against the `*cells` catalogues in src/client.
 */
export const listCells: Record<string, ListCell> = {};

let loadMore: (() => Promise<void>) | null = null;

export function registerCells(catalogue: Readonly<Record<string, ListCell>>): void {
  Object.assign(listCells, catalogue);
}

/** The app's cells may come with a chunk of their own (registerCatalogue's `later`). */
export function registerCellLoader(load: () => Promise<void>): void {
  loadMore = load;
}

/** Resolves once every cell the app has is registered (a list screen waits for it before it renders). */
export async function listCellsReady(): Promise<void> {
  await loadMore?.();
}
