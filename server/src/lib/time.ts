/** Times on the wire: UTC `YYYY-MM-DD HH:mm:ss`, empty for none. */
export function fmtTime(ms: number | null | undefined): string {
  if (!ms) return '';
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
}
