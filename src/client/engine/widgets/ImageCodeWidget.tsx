import ButtonBase from '@mui/material/ButtonBase';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints';
import type { FormRuntimeContext } from '../form-runtime-context';
import { TextFieldWithAction, type FieldWidgetProps } from './TextFieldWithAction';

/**
 * Image code input with its picture; clicking the picture fetches a new one. The captcha id
 * goes into the sibling field named by `ui:options.uuidField` (default `uuid`).
 */
export function ImageCodeWidget(props: FieldWidgetProps) {
  const { t } = useTranslation();
  const context = props.registry.formContext as FormRuntimeContext;
  const uuidField = typeof props.options.uuidField === 'string' ? props.options.uuidField : 'uuid';
  const [image, setImage] = useState<string>('');
  const { setField } = context;

  const codeField = props.name;
  const refresh = useCallback(async () => {
    try {
      const captcha = await api.verifyCode();
      setImage(captcha.img);
      // a new picture makes the typed answer worthless (it was spent by the failed sign-in)
      const typed = context.getFormData()[codeField];
      if (typeof typed === 'string' && typed !== '') setField(codeField, undefined);
      setField(uuidField, captcha.uuid);
    } catch {
      setImage('');
    }
  }, [setField, uuidField, codeField, context]);

  useEffect(() => {
    void refresh();
  }, [refresh, context.refreshNonce]);

  return (
    <TextFieldWithAction
      widget={props}
      fieldProps={{ autoComplete: 'off' }}
      action={
        <ButtonBase
          onClick={() => void refresh()}
          aria-label={t('form.refreshImageCode')}
          data-testid="image-code"
          sx={{ minWidth: 120, height: 56, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}
        >
          {image && <img src={image} alt={t('form.imageCode')} style={{ height: '100%', width: 120, objectFit: 'contain' }} />}
        </ButtonBase>
      }
    />
  );
}
