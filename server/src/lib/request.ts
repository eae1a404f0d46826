/** Per-request decorations: the caller's language and, on protected calls, the authenticated user. */
import type { Language } from '@meridian/shared/pure';

export type AuthUser = {
  id: number;
  uid: string;
  email: string | null;
  role: 'user' | 'ops';
  isDemo: boolean;
  sessionId: number;
  /** The reason ops gave when the account is frozen, else null (read with the session: no extra query). */
  frozen: string | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    user: AuthUser | null;
  }
}
