// The service worker (web/public/sw.js): registered once the page has loaded, so it never competes with the app's own
// first requests. It serves the offline page and shows web pushes; the browser keeps it between visits.
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without it the site works as before: no offline page, no push on this device.
    });
  };
  // The app starts after the first paint (boot.ts), often after the page's load event has fired: then at once.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Whether this browser can receive web pushes at all. */
export const pushSupported = (): boolean =>
  'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** This device's push subscription, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks the member's permission and subscribes this device with the server's VAPID public key. The browser's push
 * service hands back the endpoint and keys the server encrypts for.
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('Notifications are blocked for this site in your browser settings.');
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
}
