// The receipt of a copy (the till's Reprint last receipt, features/shift): the server's copy of the
// cashier's last operation as the receipt's own data, so the copy prints with the receipt's code and
// says what the first print said. Only the till's chunk uses it.
import { DEVICE_TYPE, type ReceiptCopy } from '@cashdesk/contract';
import { uuidToHex } from '../../lib/uuid-to-hex';
import type { ReceiptData } from './receipt-data';

export function receiptOfCopy(copy: ReceiptCopy): ReceiptData {
  const remote = copy.device_type === DEVICE_TYPE.remote;
  return {
    kind: copy.operation === 'cash_out' ? 'cashOut' : copy.operation,
    venue: copy.venue,
    receiptNumber: copy.receipt_no,
    trx: copy.trx,
    cashier: copy.cashier_name,
    amount_cents: copy.amount,
    currency: copy.currency,
    operationTime: copy.created_at,
    playerId: copy.place,
    deviceId: copy.device_id,
    deviceName: copy.device_name,
    remote,
    deviceUuid: remote ? uuidToHex(copy.device_uuid) : null,
    burned_final_bonus_cents: copy.burned_final_bonus,
  };
}
