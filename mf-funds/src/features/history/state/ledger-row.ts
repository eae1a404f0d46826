/** How a ledger row reads: its label and whether it took money out. */
import { LEDGER_TYPE } from '@meridian/shared/pure';
import type { LedgerRow } from '@meridian/shared/pure';

/** A row of type "other" reads its own memo; every other kind its label in the caller's language. */
export const ledgerLabel = (row: LedgerRow) => (row.Type === LEDGER_TYPE.other ? row.Memo : row.MemoTran);

/** Money out (shown in the "down" colour, with its minus sign). */
export const isDebit = (row: LedgerRow) => row.Value.trim().startsWith('-');
