/**
 * Which side of a canary release a device is on: a stable hash of (device id, remote, canary version) into 100
 * buckets; buckets below the canary's percent run the canary. Stable, so a device does not flip between versions
 * from one visit to the next; keyed by the version too, so each canary draws a fresh set of devices (the same
 * devices do not carry every canary's risk). Pure: the host picks with it, tests and tools reproduce its choice.
 */

/** FNV-1a, 32 bits, over the string's UTF-16 code units. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The device's bucket (0–99) for a remote's canary version. */
export function canaryBucket(deviceId: string, remote: string, version: string): number {
  return fnv1a(`${deviceId}\u0000${remote}\u0000${version}`) % 100;
}

/** Whether the device runs the canary `version` shown to `percent` % of devices. */
export function inCanary(deviceId: string, remote: string, version: string, percent: number): boolean {
  return canaryBucket(deviceId, remote, version) < percent;
}
