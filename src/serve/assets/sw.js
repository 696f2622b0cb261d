// Keeps every page and file opened, so that a page already read stays
// readable when the phone loses the network: the network first, the copy
// kept when there is none. Answers as you type are not kept.
'use strict';
const CACHE = 'rulings-v1';
const SHELL = ['/', '/app.css', '/app.js', '/manifest.webmanifest', '/icon.svg'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)));
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) {
    return;
  }
  const typing = url.searchParams.has('typing');
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok && !typing) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() =>
        caches.match(request).then((kept) => kept || caches.match('/'))
      )
  );
});
