import { DEVICE_ID_PATTERN } from '../contract/telemetry';
import { STORAGE_KEYS } from '../state/storage';
import { deviceId } from './device-id';

describe('deviceId', () => {
  beforeEach(() => localStorage.clear());

  it('is made on first read, kept under meridian.device, and the same afterwards', () => {
    expect(localStorage.getItem('meridian.device')).toBeNull();
    const id = deviceId();
    expect(id).toMatch(DEVICE_ID_PATTERN);
    expect(localStorage.getItem(STORAGE_KEYS.device)).toBe(id);
    expect(deviceId()).toBe(id);
  });

  it('keeps a stored id, and replaces one of another shape', () => {
    localStorage.setItem('meridian.device', 'B'.repeat(22));
    expect(deviceId()).toBe('B'.repeat(22));
    localStorage.setItem('meridian.device', 'not an id');
    const id = deviceId();
    expect(id).toMatch(DEVICE_ID_PATTERN);
    expect(localStorage.getItem('meridian.device')).toBe(id);
  });

  it('answers the same id for the page when storage throws', () => {
    const spy = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    const set = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('denied');
    });
    try {
      const a = deviceId();
      expect(a).toMatch(DEVICE_ID_PATTERN);
      expect(deviceId()).toBe(a);
    } finally {
      spy.mockRestore();
      set.mockRestore();
    }
  });
});
