/** The response envelope of every call (docs/messages.md). */
export type Envelope<T = unknown> = { code: number; msg: string; data: T };
