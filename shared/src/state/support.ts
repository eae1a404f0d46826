/**
 * The trader's unread support messages, for the badges on the Mine tab and the customer service row. The host keeps
 * it live (the `SUPPORT_UNREAD` topic, and `/api/support/unread` at sign-in); the chat page sets it to 0 as it reads.
 */
import { atom } from './store';

export const supportUnreadAtom = atom(0);
