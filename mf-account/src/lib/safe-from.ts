/**
 * Where to go after logging in: the `from` query when it is an in-app path, `/` otherwise. Only a single leading
 * slash is accepted, so `from=//evil.example` or `from=https://…` cannot send a fresh session off-site.
 */
export function safeFrom(from: string | null): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  if (from.startsWith('/login')) return '/';
  return from;
}
