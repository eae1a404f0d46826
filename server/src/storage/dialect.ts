/** The two storage modes. Its own file so that migrations need not import the connection code (db.ts imports them). */
export type Dialect = 'sqlite' | 'postgres';
