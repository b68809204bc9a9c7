// The service worker. It makes the site installable and does three things: serves the offline page when a navigation
// cannot reach the network, shows a web push (a notice: outbid, won, sold, a watched auction ending, a fired alert,
// a saved search matched), and opens the notice's page when the notification is clicked. Nothing else is cached:
// prices and bids are live.
const OFFLINE_CACHE = 'carbid-offline-v1';
const OFFLINE_URLS = ['/offline.html', '/offline.js', '/icons/icon.svg'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then((cache) => cache.addAll(OFFLINE_URLS.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== OFFLINE_CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match('/offline.html')));
    return;
  }
  // The offline page's own files, when the network is gone.
  const url = new URL(request.url);
  if (url.origin === self.location.origin && OFFLINE_URLS.includes(url.pathname))
    event.respondWith(fetch(request).catch(() => caches.match(url.pathname)));
});

/** A path inside this site, or the home page: a push never sends the browser elsewhere. */
function sitePath(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';
}

/** What a push says (the workers send { title, body, url, tag }, encrypted for this browser). */
function noticeOf(data) {
  let message = {};
  try {
    message = data ? data.json() : {};
  } catch {
    message = { body: data ? data.text() : '' };
  }
  return {
    title: typeof message.title === 'string' ? message.title : 'CarBid',
    options: {
      body: typeof message.body === 'string' ? message.body : '',
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      icon: '/icons/icon-192.png',
      data: { url: sitePath(message.url) },
    },
  };
}

self.addEventListener('push', (event) => {
  const notice = noticeOf(event.data);
  event.waitUntil(self.registration.showNotification(notice.title, notice.options));
});

/**
 * Opens a clicked notification's page: in a tab of this site that is already open (brought forward), else in a new
 * window.
 */
async function openNotification(notification) {
  notification.close();
  const url = new URL(sitePath(notification.data && notification.data.url), self.location.origin).href;
  const tabs = await self.clients.matchAll({ type: 'window' });
  for (const tab of tabs) {
    try {
      const opened = await tab.navigate(url);
      if (opened) {
        await opened.focus().catch(() => {});
        return opened;
      }
    } catch {
      // A tab this worker does not control cannot be navigated by it: try the next, or a new window.
    }
  }
  return self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(openNotification(event.notification));
});
