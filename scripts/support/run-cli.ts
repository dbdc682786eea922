/**
 * Runs a script's main function when the file is executed directly (`tsx scripts/x.ts`), not
 * when a test imports it: exits with its code, or prints the error's message and exits 1.
 */
export function runWhenExecuted(moduleUrl: string, main: (args: string[]) => Promise<number>): void {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
