// react-router reads TextEncoder when it loads; jsdom does not provide it. Import first in tests that render it.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
