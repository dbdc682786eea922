import { Templates } from '@rjsf/mui';
import type { WidgetProps } from '@rjsf/utils';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { holdTypedText } from '../typed-input-buffer';

// the theme's own input (the MUI theme always defines it)
const MuiBaseInputTemplate = Templates.BaseInputTemplate as ComponentType<WidgetProps>;

/**
 * Typing re-rendered the whole RJSF form on every key (every field's template, MUI styles,
 * schema retrieval): 85-600 ms a key with the CPU throttled 4× (docs/BENCHMARKS.md).
 * Here the input shows its own text at once and hands it to the form once typing pauses. A
 * blur, a submit or the page going away hands the text over at once (typed-input-buffer.ts), so
 * validation, submits and drafts see what is typed.
 */
/** A pause in typing, after which the form gets the text (drafts, shown-when, other widgets). */
const TYPING_PAUSE_MS = 250;

function BufferedInput(props: WidgetProps) {
  const { value, onChange, onBlur } = props;
  const [text, setText] = useState<unknown>(value);
  const typed = useRef<unknown>(value);
  // values handed to the form that have not come back as `value` yet, oldest first
  const sent = useRef<unknown[]>([]);
  const pause = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const release = useRef<(() => void) | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const settle = useCallback(() => {
    clearTimeout(pause.current);
    pause.current = undefined;
    release.current?.();
    release.current = null;
  }, []);
  // now, in the current update: a blur, a submit or the page going away needs the form up to date
  const handOver = useCallback(() => {
    settle();
    sent.current.push(typed.current);
    onChangeRef.current(typed.current);
  }, [settle]);

  // a value the form hands back is either one typed here (keep the newer text) or set by code
  useLayoutEffect(() => {
    const index = sent.current.indexOf(value);
    if (index >= 0) {
      sent.current.splice(0, index + 1);
    } else if (value !== typed.current) {
      sent.current = [];
      typed.current = value;
      setText(value);
    }
    if (sent.current.length === 0 && pause.current === undefined) settle();
  }, [value, settle]);
  useEffect(() => settle, [settle]);

  const handChange = useCallback(
    (next: unknown) => {
      typed.current = next;
      setText(next);
      clearTimeout(pause.current);
      release.current ??= holdTypedText(() => {
        release.current = null;
        handOver();
      });
      // once typing pauses, rendered at once (flushSync), never in a transition: a deferred
      // render of the form's data could land after a later click elsewhere in the form and put
      // back data without it (a radio ticked right after typing came out unticked in the e2e)
      pause.current = setTimeout(() => {
        pause.current = undefined;
        sent.current.push(next);
        flushSync(() => onChangeRef.current(next));
      }, TYPING_PAUSE_MS);
    },
    [handOver],
  );
  const handBlur = useCallback(
    (id: string, blurred: unknown) => {
      // the blur validates the form's data: the text goes first, in the same update
      if (release.current) handOver();
      onBlur(id, blurred);
    },
    [onBlur, handOver],
  );

  return <MuiBaseInputTemplate {...props} value={text} onChange={handChange} onBlur={handBlur} />;
}

/**
 * The form's `BaseInputTemplate`: string inputs are buffered as above; inputs with their own
 * change handling (onChangeOverride: typed dates) and non-string ones (numbers, which RJSF
 * converts) are the theme's own.
 */
export function BufferedInputTemplate(props: WidgetProps) {
  if (props.onChangeOverride || props.schema.type !== 'string') return <MuiBaseInputTemplate {...props} />;
  return <BufferedInput {...props} />;
}
