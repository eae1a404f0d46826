/**
 * The chart's full screen: the Fullscreen API on the chart's area and, where the phone allows it (Android Chrome in
 * full screen; not iOS Safari), the screen locked to landscape. Where neither exists the area still covers the page
 * (CSS), so the button always does something. Leaving full screen by the system (back gesture, Escape) tells the
 * caller through `onLeft`.
 */
type LockableOrientation = ScreenOrientation & {
  lock?: (o: 'landscape') => Promise<void>;
  unlock?: () => void;
};

let leftListener: (() => void) | null = null;

export async function enterFullScreen(el: HTMLElement, onLeft: () => void): Promise<void> {
  try {
    if (el.requestFullscreen && !document.fullscreenElement)
      await el.requestFullscreen({ navigationUI: 'hide' });
  } catch {
    // Not allowed here (an iframe, an old browser): the CSS cover stays.
  }
  try {
    await (screen.orientation as LockableOrientation | undefined)?.lock?.('landscape');
  } catch {
    // A phone that cannot lock (or a desktop): the trader turns it, the chart follows the window's size.
  }
  const onChange = () => {
    if (!document.fullscreenElement) onLeft();
  };
  if (leftListener) document.removeEventListener('fullscreenchange', leftListener);
  leftListener = onChange;
  document.addEventListener('fullscreenchange', onChange);
}

export async function leaveFullScreen(): Promise<void> {
  if (leftListener) document.removeEventListener('fullscreenchange', leftListener);
  leftListener = null;
  try {
    (screen.orientation as LockableOrientation | undefined)?.unlock?.();
  } catch {
    // nothing locked
  }
  try {
    if (document.fullscreenElement) await document.exitFullscreen();
  } catch {
    // already left
  }
}
