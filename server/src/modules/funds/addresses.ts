/**
 * Withdrawal address checks, by network, with well-kept libraries (@scure/base for the encodings, @noble/hashes for
 * the digests): a typo in an address is refused before money is sent to it.
 *
 * - TRC20 (TRON): base58check (double SHA-256 checksum) of 21 bytes starting 0x41 ("T...").
 * - ERC20 (and BEP20, which share the format): 0x + 40 hex; with mixed case the EIP-55 checksum (Keccak-256 of the
 *   lower-case hex) must hold; all-lower or all-upper carries no checksum and is accepted as written.
 * - BTC: bech32 (segwit v0, "bc1q...") or bech32m (v1+, "bc1p..."), or base58check P2PKH (0x00) / P2SH (0x05).
 * - SWIFT/BIC: 4 letters bank, 2 letters country, 2 letters-or-digits location, optional 3 letters-or-digits branch.
 */
import { bech32, bech32m, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

const base58check = createBase58check(sha256);

function base58Payload(address: string): Uint8Array | null {
  try {
    return base58check.decode(address);
  } catch {
    return null;
  }
}

export function isTronAddress(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  const p = base58Payload(address);
  return p !== null && p.length === 21 && p[0] === 0x41;
}

export function isEthAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  const hash = bytesToHex(keccak_256(utf8ToBytes(hex.toLowerCase())));
  for (let i = 0; i < 40; i++) {
    const c = hex[i]!;
    if (/[a-f]/i.test(c)) {
      const upper = parseInt(hash[i]!, 16) >= 8;
      if (upper !== (c === c.toUpperCase())) return false;
    }
  }
  return true;
}

export function isBtcAddress(address: string): boolean {
  if (/^bc1/i.test(address)) {
    if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
    const a = address.toLowerCase() as `${string}1${string}`;
    for (const codec of [bech32, bech32m]) {
      try {
        const { prefix, words } = codec.decode(a);
        if (prefix !== 'bc' || words.length === 0) continue;
        const version = words[0]!;
        const program = codec.fromWords(words.slice(1));
        // BIP-173: version 0 uses bech32 with a 20- or 32-byte program; BIP-350: versions 1..16 use bech32m.
        if (version === 0 && codec === bech32 && (program.length === 20 || program.length === 32))
          return true;
        if (version >= 1 && version <= 16 && codec === bech32m && program.length >= 2 && program.length <= 40)
          return true;
      } catch {
        /* not this encoding */
      }
    }
    return false;
  }
  if (!/^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(address)) return false;
  const p = base58Payload(address);
  return p !== null && p.length === 21 && (p[0] === 0x00 || p[0] === 0x05);
}

/** Whether `address` is valid on `protocol` (the withdrawal currency's network); unknown networks need 8..128 safe characters. */
export function isAddressFor(protocol: string, address: string): boolean {
  switch (protocol.toUpperCase()) {
    case 'TRC20':
      return isTronAddress(address);
    case 'ERC20':
    case 'BEP20':
      return isEthAddress(address);
    case 'BTC':
      return isBtcAddress(address);
    default:
      return /^[A-Za-z0-9:_-]{8,128}$/.test(address);
  }
}

export const isSwift = (code: string): boolean => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(code);

/** Other spellings finance types for a network, and the one we store (compared after trim and upper-casing). */
const NETWORK_ALIASES: Record<string, string> = {
  TRON: 'TRC20',
  TRX: 'TRC20',
  ETH: 'ERC20',
  ETHEREUM: 'ERC20',
  BITCOIN: 'BTC',
};

/** "trc20", " TRC20 ", "Tron" -> "TRC20": one spelling per network, so duplicates are found. */
export function normalizeNetwork(v: string): string {
  const up = v.trim().toUpperCase();
  return NETWORK_ALIASES[up] ?? up;
}

/** The form an address is compared in: EVM hex addresses are case-insensitive (EIP-55 is only a checksum). */
export function addressKey(network: string, address: string): string {
  const a = address.trim();
  return /^0x[0-9a-fA-F]{40}$/.test(a) ? a.toLowerCase() : a;
}

/** What traders see to tell receiving channels apart: finance's label, or currency · network · …end of address. */
export function channelLabel(c: {
  type: number;
  name: string;
  currency_code: string;
  protocol_code: string;
  address: string;
  payee_account: string;
}): string {
  if (c.name.trim()) return c.name.trim();
  const end = (c.type === 0 ? c.address : c.payee_account).slice(-6);
  return [c.currency_code, c.type === 0 ? c.protocol_code : '', end ? `…${end}` : '']
    .filter(Boolean)
    .join(' · ');
}
