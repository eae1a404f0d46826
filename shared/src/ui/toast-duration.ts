/** How long a toast stays on screen, ms (read by the host and by the lazily loaded bubbles). */
export const TOAST_DURATION_MS = 2500;
