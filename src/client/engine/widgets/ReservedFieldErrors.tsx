import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import { errorId, type FieldErrorProps } from '@rjsf/utils';

/**
 * Field errors in a line that is always there: an error appearing or going on blur must not
 * move the submit button under the pointer (that swallowed clicks right after typing).
 */
export function ReservedFieldErrors({ errors = [], fieldPathId }: FieldErrorProps) {
  const id = errorId(fieldPathId);
  return (
    <Box id={id} sx={{ minHeight: 20, px: 1.75 }} aria-live="polite">
      {errors.map((error, index) => (
        <FormHelperText key={index} error component="div" id={`${id}-${index}`} sx={{ m: 0 }}>
          {error}
        </FormHelperText>
      ))}
    </Box>
  );
}
