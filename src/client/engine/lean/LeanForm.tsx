import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import type { FieldErrorItem } from '../../../shared/envelope';
import { ApiError } from '../../api/api-error';
import type { FormRuntimeContext } from '../form-runtime-context';
import { initialFromQuery } from '../initial-from-query';
import { runOperation } from '../operations';
import type { FormDeclaration } from '../screen-types';
import { runSuccess } from '../success-actions';
import { OutlinedTextField } from '../widgets/OutlinedTextField';
import { valueOfInput, type FieldWidgetProps } from '../widgets/TextFieldWithAction';
import { ImageCodeWidget } from '../widgets/ImageCodeWidget';
import { MessageCodeWidget } from '../widgets/MessageCodeWidget';
import { DeclaredSubmitButton } from '../DeclaredSubmitButton';
import { loadLeanAssets, type LeanAssets } from './lean-assets';
import type { LeanField } from './lean-fields';
import { validateLean, type FieldMessages } from './lean-validation';

type Data = Record<string, unknown>;

/** Server field errors (JSON pointers) by top-level field, as the RJSF forms place them. */
function serverMessages(items: FieldErrorItem[]): FieldMessages {
  const messages: FieldMessages = {};
  for (const item of items) {
    const name = (item.pointer.split('/')[1] ?? '').replace(/~1/g, '/').replace(/~0/g, '~');
    (messages[name] ??= []).push(item.message);
  }
  return messages;
}

/** Errors under a field in a line that is always there (widgets/ReservedFieldErrors.tsx, same ids). */
function FieldMessagesLine({ id, messages }: { id: string; messages: string[] }) {
  return (
    <Box id={`${id}__error`} sx={{ minHeight: 20, px: 1.75 }} aria-live="polite">
      {messages.map((message, index) => (
        <FormHelperText key={index} error component="div" id={`${id}__error-${index}`} sx={{ m: 0 }}>
          {message}
        </FormHelperText>
      ))}
    </Box>
  );
}

/**
 * A declared form drawn without the RJSF runtime (declaration `lean: true`): the sign-in tabs,
 * the first thing a visitor loads, stay small on the wire. Same ids (root_<field>), labels,
 * widgets, precompiled validator and messages as the RJSF forms; errors show for fields left
 * and, after the first submit, for all; server field errors land on their fields.
 */
export function LeanForm({ declaration }: { declaration: FormDeclaration }) {
  const { t } = useTranslation();
  const location = useLocation();
  const params = useParams();
  const [assets, setAssets] = useState<LeanAssets | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [data, setData] = useState<Data>(() => initialFromQuery(declaration, location.search));
  const latest = useRef<Data>(data);
  const touched = useRef(new Set<string>());
  const submitted = useRef(false);
  const [clientMessages, setClientMessages] = useState<FieldMessages>({});
  const [serverErrors, setServerErrors] = useState<FieldMessages>({});
  const [busy, setBusy] = useState(false);
  const [refreshNonce, setRefreshNonce] = useState(0);

  useEffect(() => {
    let live = true;
    loadLeanAssets(declaration).then(
      (loaded) => live && setAssets(loaded),
      () => live && setLoadError(true),
    );
    return () => {
      live = false;
    };
  }, [declaration]);

  const setField = useCallback((name: string, value: unknown) => {
    latest.current = { ...latest.current, [name]: value };
    setData(latest.current);
  }, []);
  const formContext = useMemo<FormRuntimeContext>(
    () => ({ getFormData: () => latest.current, setField, refreshNonce }),
    [setField, refreshNonce],
  );

  /** Validates everything, shows what may show: fields left, or all after the first submit. */
  const check = useCallback((): boolean => {
    if (!assets) return false;
    const all = validateLean(assets.validate, assets.schema, latest.current);
    const shown = Object.fromEntries(Object.entries(all).filter(([name]) => submitted.current || touched.current.has(name)));
    setClientMessages(shown);
    return Object.keys(all).length === 0;
  }, [assets]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!assets || busy) return;
    submitted.current = true;
    if (!check()) return;
    const sent = Object.fromEntries(Object.entries(latest.current).filter(([, value]) => value !== undefined));
    setBusy(true);
    setServerErrors({});
    try {
      const result = await runOperation(declaration.submit, sent, params);
      await runSuccess(declaration.success, result, location.search, params);
    } catch (error) {
      if (error instanceof ApiError && error.envelope?.fieldErrors?.length) setServerErrors(serverMessages(error.envelope.fieldErrors));
      // one-time codes are spent by a failed attempt: ask for a fresh image code
      setRefreshNonce((nonce) => nonce + 1);
    } finally {
      setBusy(false);
    }
  }

  if (loadError) return <Alert severity="error">{t('form.loadFailed')}</Alert>;
  if (!assets) return <CircularProgress aria-label={t('common.loading')} />;

  const fieldProps = (field: LeanField): FieldWidgetProps => {
    const id = `root_${field.name}`;
    return {
      id,
      name: field.name,
      htmlName: id,
      label: field.label,
      required: field.required,
      value: data[field.name],
      rawErrors: [...(clientMessages[field.name] ?? []), ...(serverErrors[field.name] ?? [])],
      disabled: busy,
      readonly: false,
      onChange: (value: unknown) => setField(field.name, value),
      onBlur: () => {
        touched.current.add(field.name);
        check();
      },
      onFocus: () => undefined,
      options: field.options as FieldWidgetProps['options'],
      registry: { formContext },
    };
  };

  return (
    <Box component="form" noValidate onSubmit={(event: FormEvent) => void submit(event)}>
      {(serverErrors[''] ?? clientMessages['']) && (
        <Alert severity="error">{[...(clientMessages[''] ?? []), ...(serverErrors[''] ?? [])].join(' ')}</Alert>
      )}
      {/* hidden fields stay in the page as RJSF's hidden widget has them (the image code's id) */}
      {assets.fields
        .filter((field) => field.widget === 'hidden')
        .map((field) => (
          <input
            key={field.name}
            type="hidden"
            id={`root_${field.name}`}
            name={`root_${field.name}`}
            value={typeof data[field.name] === 'string' ? (data[field.name] as string) : ''}
          />
        ))}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 1 }}>
        {assets.fields
          .filter((field) => field.widget !== 'hidden')
          .map((field) => {
            const props = fieldProps(field);
            const messages = props.rawErrors ?? [];
            let input;
            if (field.widget === 'imageCode') input = <ImageCodeWidget {...props} />;
            else if (field.widget === 'messageCode') input = <MessageCodeWidget {...props} />;
            else
              input = (
                <OutlinedTextField
                  id={props.id}
                  name={props.htmlName}
                  label={field.label}
                  required={field.required}
                  type={field.widget === 'text' ? 'text' : field.widget}
                  autoComplete={field.autoComplete}
                  autoFocus={field.autoFocus}
                  fullWidth
                  value={typeof data[field.name] === 'string' ? data[field.name] : ''}
                  error={messages.length > 0}
                  disabled={busy}
                  onChange={(event) => props.onChange(valueOfInput(event.target.value))}
                  onBlur={(event) => props.onBlur(props.id, event.target.value)}
                  slotProps={{ htmlInput: { 'aria-describedby': `${props.id}__error` } }}
                />
              );
            return (
              <Box key={field.name}>
                {input}
                <FieldMessagesLine id={props.id} messages={messages} />
              </Box>
            );
          })}
      </Box>
      <DeclaredSubmitButton labelKey={declaration.submitLabelKey} busy={busy} />
    </Box>
  );
}
