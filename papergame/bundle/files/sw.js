// The bundle's service worker: on the first visit it keeps every file of the bundle (the
// list is written by `papergame bundle`), and from then on answers from what it kept, so the
// page opens with no network. A new bundle has a new version and replaces the old files.
"use strict";
const CACHE = "papergame-@VERSION@";
const FILES = @FILES@;

self.addEventListener("install", event => {
  event.waitUntil(caches.open(CACHE).then(cache => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", event => {
  event.waitUntil(caches.keys()
    .then(names => Promise.all(names.filter(n => n.startsWith("papergame-") && n !== CACHE).map(n => caches.delete(n))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", event => {
  if (event.request.method !== "GET") return;
  event.respondWith(caches.open(CACHE)
    .then(cache => cache.match(event.request, {ignoreSearch: true}))
    .then(kept => kept || fetch(event.request)));
});
