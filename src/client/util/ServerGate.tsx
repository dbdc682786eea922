import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import type { GateDecision } from '../../shared/guest-api';
import { useKeyTranslation } from '../i18n/use-key-translation';

/** What the gated control receives: disabled when the gate is shut, described by the reason. */
export interface GateProps {
  disabled: boolean;
  'aria-describedby'?: string;
}

// pixels, not `1` (in sx that is 100%: a phone's page then scrolled sideways by the reason's offset)
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * A control the server's gate decides: shut, the control is disabled and described by the
 * server's reason (guest.gates.*), shown beside it (`reasonShown="text"`) or as a tooltip with
 * the same text for screen readers. The client decides nothing: it only renders the decision.
 */
export function ServerGate({
  gate,
  reasonShown = 'tooltip',
  testId,
  children,
}: {
  gate: GateDecision;
  reasonShown?: 'tooltip' | 'text';
  testId?: string;
  children: (props: GateProps) => ReactNode;
}) {
  const t = useKeyTranslation();
  const reasonId = useId();
  if (gate.open || !gate.reasonKey) return <>{children({ disabled: !gate.open })}</>;
  const reason = t(gate.reasonKey, gate.reasonParams);
  const control = children({ disabled: true, 'aria-describedby': reasonId });
  if (reasonShown === 'text') {
    return (
      <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end' }}>
        {control}
        <Typography id={reasonId} variant="caption" color="text.secondary" data-testid={testId}>
          {reason}
        </Typography>
      </Box>
    );
  }
  // a disabled button fires no events: the tooltip listens on its wrapper
  return (
    <Tooltip title={reason}>
      <Box component="span" sx={{ display: 'inline-flex' }}>
        {control}
        <Box component="span" id={reasonId} sx={VISUALLY_HIDDEN} data-testid={testId}>
          {reason}
        </Box>
      </Box>
    </Tooltip>
  );
}
