/* The table page's service worker (served by games.views.offline). The table page registers
 * it twice: for /games/tables/ (the table pages) and for /t/ (the short links printed with
 * the tables' QR codes, allowed by the Service-Worker-Allowed header), so that a short link
 * opens offline wherever its table page does.
 *
 * It keeps, for every table page the judge opened: the page, its game state (GET of the
 * table's state API) and the page's static files, so the page opens without a network.
 * Pages and states: network first, the cache only when the network fails (so they are
 * never staler than the network allows). A short link /t/<id>/: the network (the server
 * redirects to the table page), and without one a redirect to the table page when a copy of
 * it is kept (the table page's own rule then serves the copy), else the offline page.
 * Static files: from this release's cache first (the
 * release string changes with them). Everything else, including every page outside
 * /games/tables/ and /t/, is not touched. A new release (new RELEASE) installs beside the old one,
 * takes over at once and deletes the old caches.
 *
 * On a phone passed from hand to hand the copies belong to whoever's session the server
 * answered (scwu/security/offline.py): each answer names its scope (SCOPE_HEADER: "public"
 * signed out, else a random token of the signed-in session) and when it ends
 * (EXPIRES_HEADER). Copies are kept per scope, one scope at a time: a copy of a new scope
 * drops every other, and so does a page telling the worker its scope (every page of the site
 * does, scwu/static/scwu/site.js), so a signed-out page drops the judge's copies. Nothing is
 * served after its session's end or MAX_AGE_MS, and an answer that names no scope (Basic
 * auth) is not kept. Signing out also clears everything (Clear-Site-Data). */
"use strict";
var RELEASE = "{{ release }}";
var PREFIX = "scwu-table-";
var CACHE = PREFIX + RELEASE;            // the static files
var COPIES = CACHE + "-copies-";         // + scope: that scope's pages and states
var PRECACHE = {{ precache|safe }};
var MAX_AGE_MS = {{ max_age_ms }};
var OFFLINE_HTML = {{ offline_html|safe }};
var TABLE_PAGE = /^\/games\/tables\/\d+\/$/;
var TABLE_STATE = /^\/api\/games\/tables\/\d+\/$/;
var SHORT_LINK = /^\/t\/(\d+)\/$/;
var TABLE_PATH = "{{ table_path }}";   // a table page's path, with 0 for its id
var SCOPE = /^[A-Za-z0-9_-]{1,64}$/;
var SCOPE_HEADER = "{{ scope_header }}";
var EXPIRES_HEADER = "{{ expires_header }}";
var STORED = "X-SCWU-Stored";
var UNTIL = "X-SCWU-Until";

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(PRECACHE); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf(PREFIX) === 0 && name !== CACHE && name.indexOf(COPIES) !== 0;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function copyNames() {
  return caches.keys().then(function (names) {
    return names.filter(function (name) { return name.indexOf(COPIES) === 0; });
  });
}
function dropOtherScopes(scope) {
  return copyNames().then(function (names) {
    return Promise.all(names.filter(function (name) { return name !== COPIES + scope; })
      .map(function (name) { return caches.delete(name); }));
  });
}
function stamped(response, until) {
  // A copy that says when it was stored and until when its session lives.
  return response.clone().blob().then(function (body) {
    var headers = new Headers(response.headers);
    headers.set(STORED, String(Date.now()));
    headers.set(UNTIL, String(until));
    return new Response(body, { status: response.status, statusText: response.statusText, headers: headers });
  });
}
var writing = Promise.resolve();
function later(work) {
  // One write after the other, in the order asked: a newer state is never overwritten by an
  // older one that took longer to copy, and a scope's drop is never undone by a late write.
  writing = writing.then(work).catch(function () { /* storage full or refused */ });
  return writing;
}
function store(scope, until, key, response, opensScope) {
  // opensScope: an answer of the server, which may start a new scope (dropping the others);
  // a page's message only adds to its scope's copies while they are the ones kept.
  // A public page leaves its end out (the same HTML for every signed-out visitor).
  if (scope === "public" && !until) until = Date.now() + MAX_AGE_MS;
  if (!SCOPE.test(scope || "") || !(until > Date.now())) return Promise.resolve();
  var copy = stamped(response, until);
  return later(function () {
    var name = COPIES + scope;
    var ready = opensScope ? dropOtherScopes(scope).then(function () { return true; })
      : caches.has(name);
    return ready.then(function (open) {
      if (!open) return null;
      return copy.then(function (stampedCopy) {
        return caches.open(name).then(function (cache) { return cache.put(key, stampedCopy); });
      });
    });
  });
}
function storeAnswer(key, response) {
  return store(response.headers.get(SCOPE_HEADER), Number(response.headers.get(EXPIRES_HEADER)),
    key, response, true);
}
function cached(key, scope) {
  // The copy of the one scope kept (of ``scope``, if given), while its session lives and it
  // is younger than MAX_AGE_MS.
  return copyNames().then(function (names) {
    if (names.length !== 1 || (scope !== undefined && names[0] !== COPIES + scope)) return null;
    return caches.open(names[0]).then(function (cache) {
      return cache.match(key).then(function (hit) {
        if (!hit) return null;
        var now = Date.now();
        var at = Number(hit.headers.get(STORED) || 0);
        var until = Number(hit.headers.get(UNTIL) || 0);
        if (now - at > MAX_AGE_MS || !(now < until)) { cache.delete(key); return null; }
        return hit;
      });
    });
  });
}
function networkFirst(event, key, fallback) {
  return fetch(event.request).then(function (response) {
    if (response.ok && response.type === "basic" && !response.redirected) {
      event.waitUntil(storeAnswer(key, response));
    } else if (SCOPE.test(response.headers.get(SCOPE_HEADER) || "")) {
      // Not kept (a table this visitor may not see), but it says whose visit this is.
      var scope = response.headers.get(SCOPE_HEADER);
      event.waitUntil(later(function () { return dropOtherScopes(scope); }));
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
function shortLink(event, url, id) {
  // Online, the server answers (its redirect, or a sign-in). Offline, the table page the
  // link stands for, when a copy of it is kept; the table page's rule serves that copy.
  var page = TABLE_PATH.replace("/0/", "/" + id + "/");
  return fetch(event.request).catch(function (error) {
    return cached(url.origin + page).then(function (hit) {
      if (hit) return Response.redirect(url.origin + page, 302);
      return offlinePage();
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
  } else if (SHORT_LINK.test(path) && request.mode === "navigate") {
    event.respondWith(shortLink(event, url, SHORT_LINK.exec(path)[1]));
  } else if (TABLE_STATE.test(path)) {
    event.respondWith(networkFirst(event, url.origin + path, null));
  } else if (PRECACHE.indexOf(path) >= 0) {
    event.respondWith(caches.open(CACHE).then(function (cache) {
      return cache.match(path).then(function (hit) { return hit || fetch(request); });
    }));
  }
});

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type === "scope") {
    // A page of the site says whose it is: the copies of every other scope go (a signed-out
    // page's "public" drops every signed-in copy).
    if (SCOPE.test(data.scope || "")) {
      event.waitUntil(later(function () { return dropOtherScopes(data.scope); }));
    }
    return;
  }
  if (data.type !== "keep-table") return;
  // The table page tells the worker what to keep: the page itself (opened before the worker
  // was installed) and the newest state it has (the answer of a deal it recorded).
  var origin = self.location.origin;
  var work = [];
  // Kept under the state's path, as the fetch handler looks it up (the page's address may
  // carry ?ahead=N).
  var statePath = data.stateUrl ? new URL(data.stateUrl, origin).pathname : "";
  if (data.state && TABLE_STATE.test(statePath)) {
    var body = new Response(JSON.stringify(data.state), { headers: { "Content-Type": "application/json" } });
    work.push(store(data.scope, Number(data.expires), origin + statePath, body, false));
  }
  if (data.page && TABLE_PAGE.test(data.page)) {
    work.push(cached(origin + data.page, data.scope).then(function (hit) {
      if (hit) return null;
      return fetch(data.page, { credentials: "same-origin" }).then(function (response) {
        if (response.ok && !response.redirected) return storeAnswer(origin + data.page, response);
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
