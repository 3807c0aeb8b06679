/* The table page's service worker (served by games.views.offline, scope /games/tables/).
 *
 * It keeps, for every table page the judge opened: the page, its game state (GET of the
 * table's state API) and the page's static files, so the page opens without a network.
 * Pages and states: network first, the cache only when the network fails (so they are
 * never staler than the network allows), and at most MAX_AGE_MS old. Static files: from
 * this release's cache first (the release string changes with them). Everything else,
 * including every page outside /games/tables/, is not touched. A new release (new
 * RELEASE) installs beside the old one, takes over at once and deletes the old cache. */
"use strict";
var RELEASE = "{{ release }}";
var PREFIX = "scwu-table-";
var CACHE = PREFIX + RELEASE;
var PRECACHE = {{ precache|safe }};
var MAX_AGE_MS = {{ max_age_ms }};
var OFFLINE_HTML = {{ offline_html|safe }};
var TABLE_PAGE = /^\/games\/tables\/\d+\/$/;
var TABLE_STATE = /^\/api\/games\/tables\/\d+\/$/;
var STORED = "X-SCWU-Stored";

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(PRECACHE); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf(PREFIX) === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function stamped(response) {
  // A copy that says when it was stored: served offline only while younger than MAX_AGE_MS.
  return response.clone().blob().then(function (body) {
    var headers = new Headers(response.headers);
    headers.set(STORED, String(Date.now()));
    return new Response(body, { status: response.status, statusText: response.statusText, headers: headers });
  });
}
var writing = Promise.resolve();
function store(key, response) {
  // One write after the other, in the order asked: a newer state is never overwritten by an
  // older one that took longer to copy.
  var copy = stamped(response);
  writing = writing.then(function () { return copy; }).then(function (stampedCopy) {
    return caches.open(CACHE).then(function (cache) { return cache.put(key, stampedCopy); });
  }).catch(function () { /* storage full or refused: the network copy still served */ });
  return writing;
}
function cached(key) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(key).then(function (hit) {
      if (!hit) return null;
      var at = Number(hit.headers.get(STORED) || 0);
      if (Date.now() - at > MAX_AGE_MS) { cache.delete(key); return null; }
      return hit;
    });
  });
}
function networkFirst(event, key, fallback) {
  return fetch(event.request).then(function (response) {
    if (response.ok && response.type === "basic" && !response.redirected) {
      event.waitUntil(store(key, response));
    }
    return response;
  }, function (error) {
    return cached(key).then(function (hit) {
      if (hit) return hit;
      if (fallback) return fallback();
      throw error;
    });
  });
}
function offlinePage() {
  return new Response(OFFLINE_HTML, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  var path = url.pathname;
  if (TABLE_PAGE.test(path) && request.mode === "navigate") {
    event.respondWith(networkFirst(event, url.origin + path, offlinePage));
  } else if (TABLE_STATE.test(path)) {
    event.respondWith(networkFirst(event, url.origin + path, null));
  } else if (PRECACHE.indexOf(path) >= 0) {
    event.respondWith(caches.open(CACHE).then(function (cache) {
      return cache.match(path).then(function (hit) { return hit || fetch(request); });
    }));
  }
});

// The page tells the worker what to keep: the page itself (opened before the worker was
// installed) and the newest state it has (the answer of a deal it recorded).
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type !== "keep-table") return;
  var origin = self.location.origin;
  var work = [];
  // Kept under the state's path, as the fetch handler looks it up (the page's address may
  // carry ?ahead=N).
  var statePath = data.stateUrl ? new URL(data.stateUrl, origin).pathname : "";
  if (data.state && TABLE_STATE.test(statePath)) {
    var body = new Response(JSON.stringify(data.state), { headers: { "Content-Type": "application/json" } });
    work.push(store(origin + statePath, body));
  }
  if (data.page && TABLE_PAGE.test(data.page)) {
    work.push(cached(origin + data.page).then(function (hit) {
      if (hit) return null;
      return fetch(data.page, { credentials: "same-origin" }).then(function (response) {
        if (response.ok && !response.redirected) return store(origin + data.page, response);
        return null;
      });
    }));
  }
  event.waitUntil(Promise.all(work).then(function () {
    if (event.source) {
      event.source.postMessage({ type: "table-kept", page: data.page, seq: data.seq, release: RELEASE });
    }
  }, function () { /* offline: kept next time */ }));
});
