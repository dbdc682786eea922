/**
 * The published form versions this process validates with, where they differ from the build's
 * (src/generated): filled by the forms feature at start, on a publish, and by its version check
 * (every instance follows a publish within seconds). One process is one instance, so the table
 * is the process's; an app that closes empties it.
 */
import type { ValidateFunction } from 'ajv';

export interface LiveSchema {
  version: number;
  validate: ValidateFunction;
  /** the bundled schema the validator belongs to */
  schema: Record<string, unknown>;
}

const live = new Map<string, LiveSchema>();

export function liveSchema(name: string): LiveSchema | undefined {
  return live.get(name);
}

export function setLiveSchema(name: string, schema: LiveSchema): void {
  live.set(name, schema);
}

export function clearLiveSchemas(): void {
  live.clear();
}
