import { lazy, Suspense, type ComponentProps } from 'react';
import type { Markdown as RealMarkdown } from 'markdown-to-jsx/react';

// vite.config.ts resolves this module's own import to the real package
const LazyMarkdown = lazy(async () => ({ default: (await import('markdown-to-jsx/react')).Markdown }));

/**
 * Stand-in for markdown-to-jsx's `Markdown`, which @rjsf/core imports statically for the rarely
 * used `enableMarkdownInDescription` / `enableMarkdownInHelp` options: 86 kB of parser in every
 * form's first load. vite.config.ts aliases the module here; the parser loads only when a UI
 * schema actually asks for markdown (none does today), showing the plain text meanwhile.
 */
export function Markdown(props: ComponentProps<typeof RealMarkdown>) {
  return (
    <Suspense fallback={props.children}>
      <LazyMarkdown {...props} />
    </Suspense>
  );
}
