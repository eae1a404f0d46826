import { BOOT_ELEMENT_ID } from '../protocol/boot';
import { readBoot, takeBootTradeList } from './boot';

const g = globalThis as { meridianBoot?: unknown };

afterEach(() => {
  delete g.meridianBoot;
  document.getElementById(BOOT_ELEMENT_ID)?.remove();
});

function bootElement(text: string): void {
  const el = document.createElement('script');
  el.id = BOOT_ELEMENT_ID;
  el.type = 'application/json';
  el.textContent = text;
  document.head.appendChild(el);
}

describe('readBoot', () => {
  it("is the inline script's parse when it ran", () => {
    g.meridianBoot = { production: true };
    bootElement('{"production":false}');
    expect(readBoot()).toEqual({ production: true });
  });

  it('reads the element itself when the inline script did not run (a cached CSP of another version), once', () => {
    bootElement('{"production":false,"tradeList":[{"Code":"EURUSD"}]}');
    expect(readBoot()).toEqual({ production: false, tradeList: [{ Code: 'EURUSD' }] });
    expect(takeBootTradeList()).toEqual([{ Code: 'EURUSD' }]);
    // Handed out once: the same parse is kept, not read again from the element.
    expect(takeBootTradeList()).toBeNull();
  });

  it('is null without the element, or with one that is not a JSON object', () => {
    expect(readBoot()).toBeNull();
    bootElement('not json');
    expect(readBoot()).toBeNull();
    document.getElementById(BOOT_ELEMENT_ID)?.remove();
    bootElement('42');
    expect(readBoot()).toBeNull();
  });
});
