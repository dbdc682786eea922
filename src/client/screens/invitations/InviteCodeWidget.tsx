import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { errorCatalogue } from '../../../shared/error-catalogue';
import { ApiError } from '../../api/api-error';
import { guestApi } from '../../api/guest-endpoints';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { hasRawErrors, TextFieldWithAction, valueOfInput } from '../../engine/widgets/TextFieldWithAction';

type Outcome = { kind: 'valid'; key: string; params: Record<string, unknown> } | { kind: 'invalid'; key: string } | null;

/** i18n key of an invitation-code business error (10001-10007, SPEC section 8) by its code. */
export function invitationMessageKey(code: number): string | undefined {
  return Object.values(errorCatalogue).find((entry) => entry.code === code && entry.code >= 10001 && entry.code <= 10007)?.key;
}

/**
 * Invitation code input: checked against the server's catalogue when the field is left or
 * the check button is pressed; a refusal shows its translated 10001-10007 message under the
 * field, a valid code what it grants. Leaving it empty is allowed (committee review).
 */
export function InviteCodeWidget(props: WidgetProps) {
  const t = useKeyTranslation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [checking, setChecking] = useState(false);
  const helperId = `${props.id}__check`;

  async function check(value: unknown) {
    if (typeof value !== 'string' || value.trim() === '') {
      setOutcome(null);
      return;
    }
    setChecking(true);
    try {
      const result = await guestApi.checkInviteCode(value.trim());
      setOutcome({
        kind: 'valid',
        key: result.reviewRequired ? 'guest.inviteCode.validWithReview' : 'guest.inviteCode.validNoReview',
        params: { unit: result.unitName, type: result.guestType },
      });
    } catch (error) {
      const key = error instanceof ApiError ? invitationMessageKey(error.code) : undefined;
      setOutcome({ kind: 'invalid', key: key ?? 'guest.inviteCode.checkFailed' });
    } finally {
      setChecking(false);
    }
  }

  return (
    <Box>
      <TextFieldWithAction
        widget={props}
        // a read-only form shows the field like its other fields (disabled) and hides the check button
        fieldProps={{
          error: hasRawErrors(props) || outcome?.kind === 'invalid',
          disabled: props.disabled || props.readonly,
          slotProps: { htmlInput: { readOnly: props.readonly, 'aria-describedby': helperId } },
          onChange: (event) => {
            setOutcome(null);
            props.onChange(valueOfInput(event.target.value));
          },
          onBlur: (event) => {
            props.onBlur(props.id, event.target.value);
            void check(event.target.value);
          },
        }}
        action={
          !props.readonly && (
            <Button
              variant="outlined"
              onClick={() => void check(props.value)}
              disabled={checking || props.disabled}
              sx={{ minWidth: 120, height: 56, whiteSpace: 'nowrap' }}
              data-testid="check-invite-code"
            >
              {t('guest.inviteCode.check')}
            </Button>
          )
        }
      />
      <FormHelperText
        id={helperId}
        error={outcome?.kind === 'invalid'}
        aria-live="polite"
        data-testid="invite-code-result"
        sx={{ px: 1.75 }}
      >
        {outcome ? t(outcome.key, outcome.kind === 'valid' ? outcome.params : undefined) : t('guest.inviteCode.hint')}
      </FormHelperText>
    </Box>
  );
}
