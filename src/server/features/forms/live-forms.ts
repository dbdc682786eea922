/**
 * This instance's published forms: what the server validates saves with and stores as their
 * version. A publish here switches at once. A publish on another instance reaches this one two
 * ways: its announcement on the instances' channel (Redis, when REDIS_URL is set), which makes
 * this instance read the live versions at once, and the version check (one small query every
 * `checkEveryMs`), which stays on as the fallback for Redis away, a lost message, or no Redis at
 * all. A form whose live version is the build's own (the files') keeps the precompiled validator.
 */
import { loadSchema } from '../../http/schema-loader.js';
import { setLiveSchema, setStoredVersions, type StoredVersion } from '../../http/live-schemas.js';
import { editableForms, type EditableFormName } from '../../../shared/form-versions-api.js';
import type { FormDrafts } from './form-drafts.js';
import type { FormVersions } from './form-versions.js';

/** How instances tell each other of a publish (cluster/redis-channel.ts), null for one instance. */
export interface PublishChannel {
  /** `onHeard` on every announcement, and whenever announcements may have been missed (message null) */
  listen(onHeard: (message: string | null) => void): void;
  /** never throws: a lost announcement is caught up by the version check */
  announce(message: string): void;
  close(): void;
}

export class LiveForms {
  private readonly known = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  /** the refresh running or last run: refreshes run one after another, never side by side */
  private running: Promise<void> = Promise.resolve();
  /** the refresh waiting for `running`: later callers join it, as it reads after their cause */
  private queued: Promise<void> | null = null;

  constructor(
    private readonly versions: FormVersions,
    private readonly drafts: FormDrafts,
    private readonly channel: PublishChannel | null,
    private readonly onError: (error: unknown) => void,
    /** the form's stored versions, bundled, with their labels (stored-versions.ts): read again on each switch, as a publish adds one */
    private readonly storedVersions?: (name: EditableFormName) => Promise<ReadonlyMap<number, StoredVersion>>,
  ) {}

  /**
   * Reads the live versions and switches every form whose version changed. One at a time: two
   * side by side (the check's tick and an announcement) could finish out of order and leave the
   * older version live until the next tick.
   */
  refresh(): Promise<void> {
    if (this.queued) return this.queued;
    const next = this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.switchChanged();
      });
    this.queued = next;
    this.running = next;
    return next;
  }

  private async switchChanged(): Promise<void> {
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
      setLiveSchema(name, {
        version: compiled.version,
        validate: compiled.validate,
        schema: compiled.bundled,
        // the server's texts (exports, messages) follow the version's labels, as the browser's do
        labels: compiled.document.labels,
      });
    }
    if (this.storedVersions) setStoredVersions(name, await this.storedVersions(name));
    this.known.set(name, version);
  }

  start(checkEveryMs: number): void {
    const channel = this.channel;
    this.versions.onPublished(async (name, version) => {
      // the others first (they compile while this one does), after the commit: they read the new row
      channel?.announce(JSON.stringify({ form: name, version }));
      await this.refresh();
    });
    channel?.listen(() => void this.refresh().catch(this.onError));
    this.timer = setInterval(() => void this.refresh().catch(this.onError), checkEveryMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.channel?.close();
  }
}
