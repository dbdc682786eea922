import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../api/api-error';
import { formVersionsApi } from '../../api/form-versions-endpoints';
import {
  editableForms,
  type FormDocument,
  type FormDraftConflict,
  type FormSummary,
  type FormVersionEntry,
} from '../../../shared/form-versions-api';
import { gatheredDefinitions } from './model/bundle';
import type { ModelContext, Schema } from './model/field-spec';

const SHARED_PREFIX = 'definitions.json#/definitions/';

let definitionsLoad: Promise<Record<string, Schema>> | null = null;

/**
 * The repository's shared definitions as the live forms carry them (their bundles are
 * self-contained): what the field list follows a `$ref` into and a new field may refer to.
 */
export function loadSharedDefinitions(): Promise<Record<string, Schema>> {
  if (!definitionsLoad) {
    definitionsLoad = Promise.all(editableForms.map((name) => formVersionsApi.live(name).then((live) => live.schema as Schema)))
      .then(gatheredDefinitions)
      .catch((error: unknown) => {
        definitionsLoad = null;
        throw error;
      });
  }
  return definitionsLoad;
}

export interface EditorState {
  /** the document being edited (saved or not) */
  document: FormDocument;
  /** the draft's revision the editor builds on; null: no draft yet (the live version is the start) */
  baseRevision: number | null;
  /** changed since the last save */
  dirty: boolean;
  /** the draft as saved, when there is one */
  draft: FormVersionEntry | null;
  live: FormVersionEntry | null;
}

export type SaveOutcome = { saved: true } | { saved: false; conflict?: FormDraftConflict };

/** Loads a form's draft (or its live version when there is none), keeps the edits, saves them. */
export function useFormEditor(summary: FormSummary) {
  const [state, setState] = useState<EditorState | null>(null);
  const [definitions, setDefinitions] = useState<Record<string, Schema> | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [conflict, setConflict] = useState<FormDraftConflict | null>(null);

  const load = useCallback(async () => {
    setLoadFailed(false);
    setConflict(null);
    try {
      const [detail, shared] = await Promise.all([
        summary.draft
          ? formVersionsApi.draft(summary.name)
          : summary.live
            ? formVersionsApi.version(summary.name, summary.live.version)
            : Promise.reject(new Error('no version')),
        loadSharedDefinitions(),
      ]);
      setDefinitions(shared);
      setState({
        document: detail.document,
        baseRevision: summary.draft ? detail.revision : null,
        dirty: false,
        draft: summary.draft ? detail : null,
        live: summary.live,
      });
    } catch {
      setLoadFailed(true);
    }
  }, [summary]);

  useEffect(() => {
    void load();
  }, [load]);

  const edit = useCallback((document: FormDocument) => {
    setState((current) => (current ? { ...current, document, dirty: true } : current));
  }, []);

  const save = useCallback(async (): Promise<SaveOutcome> => {
    if (!state) return { saved: false };
    setConflict(null);
    try {
      const entry = await formVersionsApi.saveDraft(summary.name, { baseRevision: state.baseRevision, document: state.document });
      setState((current) => (current ? { ...current, baseRevision: entry.revision, dirty: false, draft: entry } : current));
      return { saved: true };
    } catch (error) {
      const found = error instanceof ApiError && error.code === 409 ? (error.envelope?.data as FormDraftConflict | undefined) : undefined;
      if (found?.changed) setConflict(found);
      return { saved: false, conflict: found };
    }
  }, [state, summary.name]);

  // one context while the definitions stay: the preview and the history reload when the document or it changes, not on every render
  const hasState = state !== null;
  const ownDefinitions = state?.document.schema.definitions as Record<string, Schema> | undefined;
  const ctx = useMemo<ModelContext | null>(
    () =>
      state && definitions
        ? { form: summary.name, definitions: { ...definitions, ...(ownDefinitions ?? {}) }, refPrefix: SHARED_PREFIX }
        : null,
    [definitions, ownDefinitions, summary.name, hasState],
  );

  return { state, ctx, loadFailed, conflict, reload: load, edit, save };
}
