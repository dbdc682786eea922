import Chip from '@mui/material/Chip';
import { translateKey } from '../../i18n/translate-key';

type Row = Record<string, unknown>;
const count = (value: unknown) => Number(value ?? 0);

/** Cells of the messages lists that one field cannot fill. */
export const messageCells = {
  messageSubject: (row: Row) => `${String(row.subjectZh ?? '')} / ${String(row.subjectEn ?? '')}`,
  messageKind: (row: Row) => translateKey(`console.messages.kind.${String(row.kind)}`),
  messageChannels: (row: Row) =>
    (Array.isArray(row.channels) ? row.channels : [])
      .map((channel) => translateKey(`console.messages.channels.${String(channel)}`))
      .join(' · '),
  messageProgress: (row: Row) =>
    row.state === 'expanding'
      ? translateKey('console.messages.expanding')
      : translateKey('console.messages.counts', {
          pending: count(row.pending) + count(row.sending),
          sent: count(row.sent),
          failed: count(row.failed),
          unconfirmed: count(row.unconfirmed),
        }),
  deliveryChannel: (row: Row) => translateKey(`console.messages.channels.${String(row.channel)}`),
  deliveryState: (row: Row) => (
    <Chip
      size="small"
      color={row.state === 'sent' ? 'success' : row.state === 'failed' || row.state === 'unconfirmed' ? 'warning' : 'default'}
      label={translateKey(`console.messages.states.${String(row.state)}`)}
      data-testid="delivery-state"
    />
  ),
};
