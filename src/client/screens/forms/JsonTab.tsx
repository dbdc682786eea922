import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import type { FormDocument, FormProblem } from '../../../shared/form-versions-api';
import { formVersionsApi } from '../../api/form-versions-endpoints';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { isObject } from './model/field-spec';

interface Props {
  form: string;
  document: FormDocument;
  onEdit: (document: FormDocument) => void;
}

function parsed(text: string): FormDocument | null {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) && isObject(value.schema) && isObject(value.uiSchemas) && isObject(value.labels)
      ? (value as unknown as FormDocument)
      : null;
  } catch {
    return null;
  }
}

/** The whole document as JSON for experts, checked by the server with the rules codegen applies to the files. */
export function JsonTab({ form, document, onEdit }: Props) {
  const t = useKeyTranslation();
  const [text, setText] = useState(() => JSON.stringify(document, null, 2));
  const [problems, setProblems] = useState<FormProblem[] | null>(null);
  const [notJson, setNotJson] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => setText(JSON.stringify(document, null, 2)), [document]);

  const check = async (): Promise<FormDocument | null> => {
    const value = parsed(text);
    setNotJson(value === null);
    setProblems(null);
    if (!value) return null;
    setBusy(true);
    try {
      const result = await formVersionsApi.check(form, value);
      setProblems(result.problems);
      return result.problems.length === 0 ? value : null;
    } catch {
      return null;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Alert severity="info">{t('forms.json.intro')}</Alert>
      <TextField
        multiline
        minRows={16}
        maxRows={40}
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'json-text', spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
      />
      {notJson && <Alert severity="error">{t('forms.json.notJson')}</Alert>}
      {problems && problems.length === 0 && (
        <Alert severity="success" data-testid="json-ok">
          {t('forms.json.ok')}
        </Alert>
      )}
      {problems && problems.length > 0 && (
        <Alert severity="error" data-testid="json-problems">
          {problems.map((problem, index) => (
            <div key={index}>
              <code>{problem.pointer || '/'}</code>: {problem.message}
            </div>
          ))}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="outlined" disabled={busy} onClick={() => void check()} data-testid="json-check">
          {t('forms.json.check')}
        </Button>
        <Button
          variant="contained"
          disabled={busy}
          data-testid="json-use"
          onClick={() =>
            void check().then((value) => {
              if (value) onEdit(value);
            })
          }
        >
          {t('forms.json.use')}
        </Button>
      </Box>
    </Box>
  );
}
