import type { FormDeclaration } from './screen-types';

/** The fields a declared form takes from the page's query (`initialFromQuery`: field → parameter). */
export function initialFromQuery(declaration: FormDeclaration, search: string): Record<string, unknown> {
  const query = new URLSearchParams(search);
  const data: Record<string, unknown> = {};
  for (const [field, parameter] of Object.entries(declaration.initialFromQuery ?? {})) {
    const value = query.get(parameter);
    if (value !== null) data[field] = value;
  }
  return data;
}
