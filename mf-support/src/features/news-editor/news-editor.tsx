export function NewsEditor() {
  return null;
}
