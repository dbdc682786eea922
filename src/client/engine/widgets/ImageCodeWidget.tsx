import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints';
import type { FormRuntimeContext } from '../form-runtime-context';

/**
 * Image code input with its picture; clicking the picture fetches a new one. The captcha id
 * goes into the sibling field named by `ui:options.uuidField` (default `uuid`).
 */
export function ImageCodeWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const context = props.registry.formContext as FormRuntimeContext;
  const uuidField = typeof props.options.uuidField === 'string' ? props.options.uuidField : 'uuid';
  const [image, setImage] = useState<string>('');
  const { setField } = context;

  const refresh = useCallback(async () => {
    try {
      const captcha = await api.verifyCode();
      setImage(captcha.img);
      setField(uuidField, captcha.uuid);
    } catch {
      setImage('');
    }
  }, [setField, uuidField]);

  useEffect(() => {
    void refresh();
  }, [refresh, context.refreshNonce]);

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        id={props.id}
        name={props.htmlName ?? props.id}
        label={props.label}
        required={props.required}
        fullWidth
        value={props.value ?? ''}
        error={(props.rawErrors?.length ?? 0) > 0}
        disabled={props.disabled || props.readonly}
        autoComplete="off"
        onChange={(event) => props.onChange(event.target.value === '' ? undefined : event.target.value)}
        onBlur={(event) => props.onBlur(props.id, event.target.value)}
        onFocus={(event) => props.onFocus(props.id, event.target.value)}
      />
      <ButtonBase
        onClick={() => void refresh()}
        aria-label={t('form.refreshImageCode')}
        data-testid="image-code"
        sx={{ minWidth: 120, height: 56, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}
      >
        {image && <img src={image} alt={t('form.imageCode')} style={{ height: '100%', width: 120, objectFit: 'contain' }} />}
      </ButtonBase>
    </Box>
  );
}
