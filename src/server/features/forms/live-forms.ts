/**
 * This instance's published forms: what the server validates saves with and stores as their
 * version. A publish here switches at once; a publish on another instance is seen by the version
 * check (one small query every `checkEveryMs`), so every instance switches within seconds.
 * A form whose live version is the build's own (the files') keeps the precompiled validator.
 */
import { loadSchema } from '../../http/schema-loader.js';
import { setLiveSchema } from '../../http/live-schemas.js';
import { editableForms, type EditableFormName } from '../../../shared/form-versions-api.js';
import type { FormDrafts } from './form-drafts.js';
import type { FormVersions } from './form-versions.js';

export class LiveForms {
  private readonly known = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly versions: FormVersions,
    private readonly drafts: FormDrafts,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Reads the live versions and switches every form whose version changed. */
  async refresh(): Promise<void> {
    const live = await this.versions.liveVersions();
    for (const name of editableForms) {
      const version = live[name];
      if (version === undefined || this.known.get(name) === version) continue;
      await this.switchTo(name, version);
    }
  }

  private async switchTo(name: EditableFormName, version: number): Promise<void> {
    const built = loadSchema(name)['x-version'];
    if (version !== built) {
      const compiled = await this.drafts.live(name);
      setLiveSchema(name, { version: compiled.version, validate: compiled.validate, schema: compiled.bundled });
    }
    this.known.set(name, version);
  }

  start(checkEveryMs: number): void {
    this.versions.onPublished(() => this.refresh());
    this.timer = setInterval(() => void this.refresh().catch(this.onError), checkEveryMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
