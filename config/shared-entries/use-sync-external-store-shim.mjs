// React 19 has useSyncExternalStore; the shim (pulled in by react-i18next) would only pick it from React anyway.
export { useSyncExternalStore } from 'react';
