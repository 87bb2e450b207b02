// The service worker: the whole game from the cache after the first visit, and updates on the player's say-so.
//
// The build (tools/build_site.py) replaces the marked line below with this build's lists:
//   BUILD.id          the build id (a content hash)
//   BUILD.app         every file of this build except the Pyodide runtime, relative to this worker
//   BUILD.runtime     the Pyodide runtime files (about 13 MB; they change only with the pinned Pyodide version)
//   BUILD.runtime_id  a hash of the runtime files' bytes, naming their cache
// Caches: "otv66-app-<build id>" and "otv66-runtime-<runtime id>". A new build gets a new app cache; the runtime
// cache is kept across builds while Pyodide stays the same, so an update downloads only what changed.
//
// Strategy: cache first for every precached URL (pages match whatever their query string), network for the rest.
// The first version activates at once; a later one waits until the page asks it to take over ("skip-waiting"),
// which the page does when the player accepts the "update available" offer (js/sw-register.js). On activation
// the caches of other builds are deleted.

const BUILD = null; // build:precache

const PREFIX = "otv66-";
const APP_CACHE = BUILD ? `${PREFIX}app-${BUILD.id}` : null;
const RUNTIME_CACHE = BUILD ? `${PREFIX}runtime-${BUILD.runtime_id}` : null;

function absolute(path) {
  return new URL(path, self.registration.scope).href;
}

async function precache(cacheName, paths) {
  const cache = await caches.open(cacheName);
  const missing = [];
  for (const path of paths) {
    if (!(await cache.match(absolute(path)))) missing.push(path);
  }
  // "no-cache": revalidate with the server, never take a stale copy from the HTTP cache into this build's cache.
  await Promise.all(
    missing.map(async (path) => {
      const response = await fetch(new Request(absolute(path), { cache: "no-cache" }));
      if (!response.ok) throw new Error(`precache: ${path} answered ${response.status}`);
      await cache.put(absolute(path), response);
    }),
  );
}

self.addEventListener("install", (event) => {
  if (!BUILD) return;
  event.waitUntil(
    (async () => {
      await Promise.all([precache(RUNTIME_CACHE, BUILD.runtime), precache(APP_CACHE, BUILD.app)]);
      // The first version has nothing to replace: take over at once so the first visit already works offline.
      if (!self.registration.active) await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  if (!BUILD) return;
  event.waitUntil(
    (async () => {
      const keep = new Set([APP_CACHE, RUNTIME_CACHE]);
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith(PREFIX) && !keep.has(n)).map((n) => caches.delete(n)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  const data = event.data;
  if (data && typeof data === "object" && data.type === "skip-waiting") self.skipWaiting();
  if (data && typeof data === "object" && data.type === "build-id" && event.source) {
    event.source.postMessage({ type: "build-id", build_id: BUILD ? BUILD.id : null });
  }
});

async function fromCache(request) {
  const isPage = request.mode === "navigate";
  const options = { ignoreSearch: isPage };
  for (const name of [APP_CACHE, RUNTIME_CACHE]) {
    const cache = await caches.open(name);
    const hit = await cache.match(request, options);
    if (hit) return hit;
  }
  return fetch(request);
}

self.addEventListener("fetch", (event) => {
  if (!BUILD || event.request.method !== "GET") return;
  if (!event.request.url.startsWith(self.registration.scope)) return;
  event.respondWith(fromCache(event.request));
});
