/** The response envelope of every call (spec §8). */
export type Envelope<T = unknown> = { code: number; msg: string; data: T };
