// Test data for corrections in a cashier's place history (docs/product.md section 13): a cashier's
// deposit a manager took back, and the manager's correction row that reverses it.
import type { ReportEntry } from '@cashdesk/contract';
import { reportEntry } from './cash-fixtures';

export const ORIGINAL_TRX = '3f2a9c1d-0000-4000-8000-000000000001';
export const CORRECTION_TRX = 'b71e44a0-0000-4000-8000-000000000002';

/** Newest first, as the server lists them: the correction (a manager's), then the corrected deposit. */
export const CORRECTED_PAIR: ReportEntry[] = [
  reportEntry({
    trx: CORRECTION_TRX,
    created_at: '2026-03-05T15:00:00.000Z',
    user_idx: 77,
    user_name: 'Maria Manager',
    data: { total_in: 0, total_out: 5000 },
    corrects: ORIGINAL_TRX,
    correction_reason: 'wrong seat',
  }),
  reportEntry({
    trx: ORIGINAL_TRX,
    data: { total_in: 5000, total_out: 0 },
    corrected_by: CORRECTION_TRX,
    correction_reason: 'wrong seat',
  }),
];
