import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { WidgetProps } from '@rjsf/utils';
import { useRef, type ChangeEvent } from 'react';
import { formatBytes, uploadRulesOf } from '../../../shared/upload-rules';
import { tUpload, useUploadMessages } from './upload-i18n';
import { useUploadField, type Phase } from './use-upload-field';
import { useReportUploadBusy } from './upload-activity';

/** `accept` of the file input: the rule's extensions and types (a hint only; content is checked). */
function acceptAttribute(rules: ReturnType<typeof uploadRulesOf>): string | undefined {
  if (!rules) return undefined;
  return [...(rules.extensions ?? []).map((extension) => `.${extension}`), ...(rules.accept ?? [])].join(',') || undefined;
}

function idsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string' && item !== '');
  return typeof value === 'string' && value !== '' ? [value] : [];
}

function PhaseBar({ phase, label, onCancel }: { phase: Phase; label: string; onCancel: () => void }) {
  if (phase.kind === 'idle') return null;
  const uploading = phase.kind === 'uploading';
  const text = uploading
    ? tUpload('upload.widget.uploading', { percent: phase.percent })
    : tUpload(phase.stage === 'detecting' ? 'upload.widget.detecting' : 'upload.widget.checking');
  // large files (video, audio) also show the bytes sent, and can be stopped
  const sent =
    uploading && phase.total ? tUpload('upload.widget.sent', { sent: formatBytes(phase.sent ?? 0), total: formatBytes(phase.total) }) : '';
  return (
    <Box data-testid="upload-progress" sx={{ mt: 1 }}>
      <LinearProgress
        variant={uploading ? 'determinate' : 'indeterminate'}
        value={uploading ? phase.percent : undefined}
        aria-label={tUpload('upload.widget.progressOf', { name: label })}
        data-testid="upload-progress-bar"
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="caption" role="status">
          {text}
          {sent ? ` · ${sent}` : ''}
        </Typography>
        {uploading && (
          <Button size="small" color="inherit" onClick={onCancel} data-testid="upload-cancel">
            {tUpload('upload.widget.cancel')}
          </Button>
        )}
      </Box>
    </Box>
  );
}

/**
 * RJSF upload widget (`ui:widget: "upload"`, `ui:options: { rule: "photo" }`). The rules are
 * the field schema's `x-upload`; `rule` names them for the server. A string field holds one
 * file id, an array field (speech materials) a list of ids; never file contents.
 */
export function UploadWidget(props: WidgetProps) {
  const ready = useUploadMessages();
  const rules = uploadRulesOf(props.schema);
  const rule = typeof props.options.rule === 'string' ? props.options.rule : '';
  const multiple = props.schema.type === 'array';
  // `ui:options.uploadPath`: an upload route of its own (the open temporary-registration one)
  const uploadPath = typeof props.options.uploadPath === 'string' ? props.options.uploadPath : undefined;
  const input = useRef<HTMLInputElement>(null);
  const slot = useRef<number | null>(null);
  const field = useUploadField(
    idsOf(props.value),
    rule,
    rules,
    (ids) => props.onChange(multiple ? ids : (ids[0] ?? undefined)),
    uploadPath,
  );
  const busy = field.phase.kind !== 'idle';
  useReportUploadBusy(busy);
  const maxCount = multiple ? (rules?.maxCount ?? Number.POSITIVE_INFINITY) : 1;
  const disabled = props.disabled || props.readonly || busy;

  function pick(index: number | null) {
    slot.current = index;
    input.current?.click();
  }

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void field.choose(file, slot.current);
  }

  if (!ready) return null;
  return (
    <Box sx={{ my: 1 }} data-testid={`upload-${rule}`}>
      <FormLabel required={props.required} htmlFor={props.id}>
        {props.label}
      </FormLabel>
      {field.items.map((item, index) => (
        <Box key={item.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
          {item.preview ? (
            <Box
              component="img"
              src={item.preview}
              alt={tUpload('upload.widget.preview')}
              data-testid="upload-preview"
              sx={{ maxWidth: 120, maxHeight: 160, border: 1, borderColor: 'divider' }}
            />
          ) : (
            <Typography variant="body2" data-testid="upload-file-name">
              {/* never the id, and no generic text while the name is on its way: a stored file without a readable name is just "uploaded" */}
              {item.name
                ? tUpload('upload.widget.uploaded', { name: item.name })
                : item.naming
                  ? tUpload('upload.widget.readingName')
                  : tUpload('upload.widget.storedFile')}
            </Typography>
          )}
          <Button size="small" onClick={() => pick(index)} disabled={disabled}>
            {tUpload('upload.widget.replace')}
          </Button>
          <Button size="small" color="inherit" onClick={() => field.remove(index)} disabled={disabled}>
            {tUpload('upload.widget.remove')}
          </Button>
        </Box>
      ))}
      {field.items.length < maxCount && (
        <Box sx={{ mt: 1 }}>
          <Button variant="outlined" onClick={() => pick(null)} disabled={disabled} data-testid="upload-choose">
            {tUpload('upload.widget.choose')}
          </Button>
        </Box>
      )}
      <input id={props.id} ref={input} type="file" hidden accept={acceptAttribute(rules)} onChange={onFile} data-testid="upload-input" />
      <PhaseBar phase={field.phase} label={props.label} onCancel={field.cancel} />
      {field.errors.length > 0 && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="upload-error">
          {field.errors.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </Alert>
      )}
      {field.notes.length > 0 && (
        <Alert severity="info" sx={{ mt: 1 }} data-testid="upload-note">
          {field.notes.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </Alert>
      )}
    </Box>
  );
}
