/**
 * The OpenAPI document as the published form versions have it. @fastify/swagger builds the
 * document once, from the schemas the routes declared at start: the build's. A publish in the
 * console changes what a form's save route takes (a new field, a new required one), so the
 * bodies of the forms kept as versions are put in from the live versions: each live version's
 * bundled schema goes through the same @fastify/swagger conversion (a small instance of it with
 * the app's options and one route per live form) and replaces the body of every operation that
 * takes that form. Built once per switch of the live versions; with no live version beyond the
 * build's, the answer is the build's document itself, byte for byte.
 */
import Fastify from 'fastify';
import swagger from '@fastify/swagger';
import { editableForms } from '../../shared/form-versions-api.js';
import { liveSchema, liveSchemasGeneration, onLiveSchemasChanged } from '../http/live-schemas.js';
import { swaggerOptions, type DocumentParts, type Json } from './openapi-options.js';

interface Built {
  generation: number;
  document: Promise<Json>;
  done?: Json;
}

type Operation = { requestBody?: unknown };

/** how long after the last switch the document is built unasked */
const BUILD_AFTER_MS = 300;

export class LiveOpenApi {
  private built: Built | null = null;
  private readonly unsubscribe: () => void;
  private soon: NodeJS.Timeout | undefined;

  constructor(
    private readonly base: () => Json,
    private readonly parts: DocumentParts,
    private readonly onError: (error: unknown) => void,
  ) {
    // built soon after a switch, so the docs page (which reads synchronously) has it; a refresh
    // that switches several forms one after another (an instance's start) builds it once
    this.unsubscribe = onLiveSchemasChanged(() => {
      clearTimeout(this.soon);
      this.soon = setTimeout(() => {
        if (liveForms().length > 0) void this.document();
      }, BUILD_AFTER_MS);
      this.soon.unref();
    });
  }

  /** The document of the published versions (the build's when none differs). */
  document(): Promise<Json> {
    const base = this.base();
    if (liveForms().length === 0) return Promise.resolve(base);
    const generation = liveSchemasGeneration();
    if (this.built?.generation !== generation) {
      const built: Built = { generation, document: Promise.resolve(base) };
      built.document = withLiveBodies(base, this.parts).then(
        (document) => (built.done = document),
        (error: unknown) => {
          // the build's document rather than none; the next request tries again
          this.onError(error);
          if (this.built === built) this.built = null;
          return base;
        },
      );
      this.built = built;
    }
    return this.built.document;
  }

  /** The document of the current live versions when already built, else undefined (the caller serves the build's). */
  ready(): Json | undefined {
    if (liveForms().length === 0) return undefined;
    return this.built?.generation === liveSchemasGeneration() ? this.built.done : undefined;
  }

  close(): void {
    clearTimeout(this.soon);
    this.unsubscribe();
  }
}

function liveForms(): string[] {
  return editableForms.filter((name) => liveSchema(name) !== undefined);
}

/** The bodies of the live forms, converted as the app's document converts a body; and the definitions they lift. */
async function liveBodies(forms: string[]): Promise<{ bodies: Map<string, unknown>; components: Json }> {
  const parts: DocumentParts = { components: {}, formBodies: [] };
  const converter = Fastify({ logger: false });
  // only the document is wanted: no validator is compiled (the app validates with the live validator)
  converter.setValidatorCompiler(() => () => true);
  await converter.register(swagger, swaggerOptions(parts));
  for (const form of forms) converter.post(`/${form}`, { schema: { body: liveSchema(form)!.schema } }, async () => null);
  try {
    await converter.ready();
    const document = converter.swagger() as unknown as { paths: Record<string, { post: Operation }> };
    const bodies = new Map(forms.map((form) => [form, document.paths[`/${form}`]?.post.requestBody]));
    return { bodies, components: parts.components };
  } finally {
    await converter.close();
  }
}

async function withLiveBodies(base: Json, parts: DocumentParts): Promise<Json> {
  const forms = liveForms();
  const { bodies, components } = await liveBodies(forms);
  const document = structuredClone(base) as Json & { paths: Record<string, Record<string, Operation>>; components: { schemas: Json } };
  for (const { path, method, form } of parts.formBodies) {
    const body = bodies.get(form);
    const operation = document.paths[path]?.[method];
    if (body && operation) operation.requestBody = structuredClone(body);
  }
  // every version bundles the same shared definitions (schemas/definitions.json): a name the
  // document has already is the same definition; a live version may use one the build's did not
  for (const [name, definition] of Object.entries(components))
    if (!(name in document.components.schemas)) document.components.schemas[name] = definition;
  return document;
}
