// The async boundary: shared modules are negotiated by the federation runtime before any of them is evaluated,
// so nothing shared needs to be eager.
import('./bootstrap');
