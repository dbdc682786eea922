import { enumLabelKey, fieldInfo, schemaOfField, type FieldInfo } from '../../shared/schema-field.js';
import { formatShanghaiWithZone } from '../../shared/shanghai-time.js';
import { loadSchema } from '../http/schema-loader.js';
import { currentSchema } from '../http/live-schemas.js';

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** per bundled schema (the build's, or a live version's: a publish brings a new object); null: no such field */
const infoCache = new WeakMap<object, Map<string, FieldInfo | null>>();

function infoIn(root: Record<string, unknown>, path: string): FieldInfo | null {
  let fields = infoCache.get(root);
  if (!fields) infoCache.set(root, (fields = new Map()));
  let info = fields.get(path);
  if (info === undefined) {
    const steps = path.split('.');
    info = schemaOfField(root, steps) ? fieldInfo(root, steps) : null;
    fields.set(path, info);
  }
  return info;
}

/**
 * The field of a bundled schema (`fieldOf('itinerary', 'arrival.transportMode')`) as the published
 * version has it (its choices, its label), cached. A field the code names is protected, so a live
 * version keeps it; the build's reading is the fallback.
 */
export function fieldOf(schemaName: string, path: string): FieldInfo {
  const info = infoIn(currentSchema(schemaName), path) ?? infoIn(loadSchema(schemaName), path);
  // a typo in a column or audit declaration would silently show raw values: fail loudly
  if (!info) throw new Error(`schemas/${schemaName}.json has no field ${path}`);
  return info;
}

/**
 * Values as a person reads them, in one language: enum values by their schema label, times in
 * Shanghai with the zone, booleans as 是/否 (Yes/No). The same texts the screens show.
 */
export class ReadableValues {
  constructor(readonly t: Translate) {}

  time(iso: unknown): string | null {
    return typeof iso === 'string' && iso ? formatShanghaiWithZone(iso) : null;
  }

  yesNo(value: unknown): string | null {
    if (value === undefined || value === null) return null;
    return this.t(value ? 'client.readOnly.yes' : 'client.readOnly.no');
  }

  /** An enum value's label; a value without a text stays as it is (an old record's value). */
  label(info: FieldInfo, value: unknown): string | null {
    if (value === undefined || value === null || value === '') return null;
    const key = enumLabelKey(info, value);
    return key ? this.t(key) : String(value);
  }

  /** Any value of a schema field, by what the schema says it is. */
  value(info: FieldInfo, value: unknown): string | number | null {
    if (value === undefined || value === null) return null;
    // a stored file's reference is an id: say that a file is there
    if (info.kind === 'file') return Array.isArray(value) && value.length === 0 ? null : this.t('client.readOnly.fileUploaded');
    if (Array.isArray(value))
      return value
        .map((item) => this.value(info, item))
        .filter((item) => item !== null)
        .join(', ');
    switch (info.kind) {
      case 'enum':
        return this.label(info, value);
      case 'boolean':
        return this.yesNo(value);
      case 'date-time':
      case 'date':
        return this.time(value);
      default:
        return typeof value === 'number' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
    }
  }

  field(schemaName: string, path: string, value: unknown): string | number | null {
    return this.value(fieldOf(schemaName, path), value);
  }

  /** The label of a schema field ('schema.fields.arrivalTime' translated), or the path. */
  fieldLabel(schemaName: string, path: string): string {
    const key = fieldOf(schemaName, path).labelKey;
    return key ? this.t(key) : path;
  }
}
