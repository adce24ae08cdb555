// What a cash receipt says (docs/product.md section 3), built from the server's answer at the moment of success,
// so a receipt never shows a figure the server did not confirm.
import type { CashResult, DeviceDetail, Place } from '@cashdesk/contract';
import type { CashKind } from './rules';
import { uuidToHex } from '../../lib/uuid-to-hex';

export interface ReceiptData {
  kind: CashKind;
  /** The venue's name, heading the receipt; null in an answer stored before the server sent it. */
  venue: string | null;
  /**
   * The short number a person reads out (the server's `receipt_no`: unique in the venue, the same on a
   * retry or reprint); the trx where the answer carries none.
   */
  receiptNumber: string;
  /** The operation's trx, in full: the id a dispute is traced by, printed beside a short number. */
  trx: string | null;
  cashier: string;
  /** Magnitude of the move in cents; the operation says its direction. */
  amount_cents: number;
  currency: string;
  /** When the server booked it (ISO, UTC); printed in local time. */
  operationTime: string;
  /** The player place number. */
  playerId: number;
  deviceId: number;
  deviceName: string;
  remote: boolean;
  /** Remote devices: the uuid as 32 hex characters, or null when there is none ('mobile'). */
  deviceUuid: string | null;
  burned_final_bonus_cents: number;
}

export interface ReceiptSource {
  result: CashResult;
  kind: CashKind;
  device: Pick<DeviceDetail, 'id' | 'name' | 'uuid'>;
  place: Pick<Place, 'place'>;
  remote: boolean;
  cashier: string;
}

export function buildReceipt({
  result,
  kind: operation,
  device,
  place,
  remote,
  cashier,
}: ReceiptSource): ReceiptData {
  return {
    kind: operation,
    venue: result.venue ?? null,
    receiptNumber: result.receipt_no ?? result.trx,
    trx: result.receipt_no === undefined ? null : result.trx,
    cashier,
    amount_cents: Math.abs(result.delta),
    currency: result.currency,
    operationTime: result.created_at,
    playerId: place.place,
    deviceId: device.id,
    deviceName: device.name,
    remote,
    deviceUuid: remote ? uuidToHex(result.device_uuid || device.uuid) : null,
    burned_final_bonus_cents: result.burned_final_bonus,
  };
}
