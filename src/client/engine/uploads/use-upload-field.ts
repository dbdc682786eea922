import { useEffect, useRef, useState } from 'react';
import { checkUpload, failuresOf, notCheckedOf, type UploadRules } from '../../../shared/upload-rules';
import { measureInBrowser, type MeasureStage } from './measure-in-browser';
import { tUpload } from './upload-i18n';
import { fetchFileAsDataUrl, fetchFileInfo, readAsDataUrl, sendUpload, UploadFailure } from './upload-request';

export interface UploadedItem {
  id: string;
  /** shown name ('' until the name of a file stored earlier has arrived, or when it could not be read) */
  name: string;
  /** the name of a file stored earlier is still being asked for */
  naming?: boolean;
  /** data: URL of a picture, null for other files */
  preview: string | null;
}

/** `sent`/`total`: bytes of the request so far (large video and audio show them) */
export type Phase =
  { kind: 'idle' } | { kind: 'checking'; stage: MeasureStage } | { kind: 'uploading'; percent: number; sent?: number; total?: number };

export interface UploadFieldState {
  items: UploadedItem[];
  phase: Phase;
  /** translated reasons the last file was refused (browser or server) */
  errors: string[];
  /** translated notes on rules that could not be checked */
  notes: string[];
  /** checks, uploads and puts the file at `slot` (an index to replace, or null to add) */
  choose(file: File, slot: number | null): Promise<void>;
  remove(index: number): void;
  /** stops the upload under way (nothing is kept) */
  cancel(): void;
}

const IMAGES = new Set(['image/jpeg', 'image/png']);

/**
 * One upload field: the file is measured and checked in the browser first (every failure is
 * shown at once, nothing is sent), then uploaded with progress; the field value becomes the
 * returned id(s). The server checks everything again.
 */
export function useUploadField(
  ids: string[],
  rule: string,
  rules: UploadRules | null,
  onIds: (ids: string[]) => void,
  uploadPath?: string,
): UploadFieldState {
  const [items, setItems] = useState<UploadedItem[]>(() => ids.map((id) => ({ id, name: '', naming: true, preview: null })));
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [errors, setErrors] = useState<string[]>([]);
  const [notes, setNotes] = useState<string[]>([]);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const abortRef = useRef<(() => void) | null>(null);

  // files stored earlier: the form keeps ids, the person knows the file by its name
  useEffect(() => {
    let live = true;
    for (const item of itemsRef.current.filter((entry) => entry.name === '')) {
      void fetchFileInfo(item.id).then((found) => {
        if (live)
          setItems((current) =>
            current.map((entry) => (entry.id === item.id ? { ...entry, name: found?.name ?? entry.name, naming: false } : entry)),
          );
      });
    }
    return () => {
      live = false;
    };
  }, []);

  // pictures stored earlier: fetch a preview once (the file route needs the bearer header)
  useEffect(() => {
    const onlyImages = rules?.accept?.every((type) => IMAGES.has(type)) ?? false;
    if (!onlyImages) return;
    let live = true;
    for (const item of itemsRef.current.filter((entry) => entry.preview === null)) {
      void fetchFileAsDataUrl(item.id).then((found) => {
        if (live && found)
          setItems((current) => current.map((entry) => (entry.id === item.id ? { ...entry, preview: found.dataUrl } : entry)));
      });
    }
    return () => {
      live = false;
    };
  }, [rules]);

  function commit(next: UploadedItem[]) {
    setItems(next);
    onIds(next.map((item) => item.id));
  }

  async function choose(file: File, slot: number | null) {
    setErrors([]);
    setNotes([]);
    const count = slot === null ? itemsRef.current.length + 1 : itemsRef.current.length;
    if (rules) {
      setPhase({ kind: 'checking', stage: 'reading' });
      const facts = await measureInBrowser(file, rules, count, (stage) => setPhase({ kind: 'checking', stage }));
      const outcomes = checkUpload(rules, facts);
      const failures = failuresOf(outcomes);
      if (failures.length > 0) {
        setErrors(failures.map((failure) => tUpload(failure.key, failure.params)));
        setPhase({ kind: 'idle' });
        return;
      }
      setNotes(notCheckedOf(outcomes).map((outcome) => tUpload(outcome.key, outcome.params)));
    }
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const sending = sendUpload(file, rule, (percent, sent, total) => setPhase({ kind: 'uploading', percent, sent, total }), uploadPath);
      abortRef.current = sending.abort;
      const stored = await sending.done;
      const preview = IMAGES.has(stored.mime) ? await readAsDataUrl(file) : null;
      const item = { id: stored.id, name: stored.name, preview };
      const current = itemsRef.current;
      commit(slot === null ? [...current, item] : current.map((entry, index) => (index === slot ? item : entry)));
      if (stored.notChecked.length > 0) {
        const names = [...new Set(stored.notChecked.map((name) => tUpload(`upload.ruleNames.${name}`)))].join(', ');
        setNotes((earlier) => [...earlier, tUpload('upload.widget.serverNotChecked', { rules: names })]);
      }
    } catch (error) {
      if (error instanceof UploadFailure && error.status === -1) return;
      const failure = error instanceof UploadFailure ? error : null;
      setErrors(failure?.messages.length ? failure.messages : [failure?.message || tUpload('upload.widget.uploadFailed')]);
    } finally {
      abortRef.current = null;
      setPhase({ kind: 'idle' });
    }
  }

  function cancel() {
    abortRef.current?.();
  }

  function remove(index: number) {
    setErrors([]);
    setNotes([]);
    commit(itemsRef.current.filter((_, position) => position !== index));
  }

  return { items, phase, errors, notes, choose, remove, cancel };
}
