/**
 * The one jotai store of the app, and the only place jotai is imported (a federated singleton, so every remote reads the same atoms): `@meridian/shared` is a
 * federation singleton, so the host and every remote read and write the same atoms. Code outside React (socket
 * handlers, the API client) writes through `appStore.set`.
 */
import { atom, createStore, Provider, useAtom, useAtomValue, useSetAtom } from 'jotai';

export const appStore = createStore();

export { atom, Provider as StoreProvider, useAtom, useAtomValue, useSetAtom };
export type { Atom, PrimitiveAtom, WritableAtom } from 'jotai';
