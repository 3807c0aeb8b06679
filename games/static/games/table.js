/* The line judge's table page: post to the API, re-render from the JSON state it returns.
 *
 * Deals go through an outbox kept in localStorage, so a table keeps recording while the
 * server or the network is down: every deal carries a key made here and the deal number the
 * judge saw, waits as "pending" in the log, and is sent (in order, with backoff, and at once
 * when the browser comes back online) until the server answers. The key makes a resend of a
 * deal the server already stored a no-op; a deal number someone else took meanwhile is put to
 * the referee (discard mine / record mine as the next deal, each confirmed), never dropped
 * silently. A phone may pass from hand to hand: the outbox is kept per table and per account
 * (the page's data-recorder), each deal carries its recorder, and the page sends only its own
 * account's deals; another account's wait with a note, and the server refuses a deal whose
 * recorder is not the signed-in account (someone else signed in while this page was open).
 *
 * Offline, the page opens from its service worker (templates/games/sw.js) and shows what the
 * pending deals make of the game by following the server's tree of next states
 * (state.ahead: the ledger's replay for every possible loser of the next deals), marked as
 * pending: no rule of the game is computed here. */
(function () {
  "use strict";
  var app = document.getElementById("table-app");
  if (!app) return;
  var state = JSON.parse(document.getElementById("table-state").textContent);
  var t = JSON.parse(document.getElementById("table-i18n").textContent);
  // Texts with placeholders come translated from the view (gettext, python-format).
  var formatted = JSON.parse(document.getElementById("table-texts").textContent);
  Object.keys(formatted).forEach(function (key) { t[key] = formatted[key]; });
  var canScore = app.dataset.canScore === "1";
  var busy = false;
  var connected = navigator.onLine !== false;
  var RETRY_FIRST_MS = 1000;
  var RETRY_MAX_MS = 30000;

  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function csrf() {
    var m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return m ? decodeURIComponent(m[1]) : "";
  }
  function flatten(body) {
    if (!body || typeof body !== "object") return String(body);
    var out = [];
    Object.keys(body).forEach(function (key) {
      var v = body[key];
      out.push(Array.isArray(v) ? v.map(flatten).join(" ") : typeof v === "object" ? flatten(v) : String(v));
    });
    return out.join(" ");
  }
  function showError(text) {
    var m = $("message");
    m.textContent = text || "";
    m.hidden = !text;
  }
  function fill(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_, name) { return String(values[name]); });
  }

  function send(url, payload) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf(), "Accept": "application/json" },
      body: JSON.stringify(payload || {})
    });
  }
  function post(url, payload) {
    if (busy) return Promise.resolve();
    busy = true;
    app.classList.add("busy");
    return send(url, payload).then(function (res) {
      return res.json().then(function (body) {
        if (res.ok) { state = body; stateEpoch += 1; connected = true; showError(""); keepOffline(true); render(); return; }
        showError(flatten(body));
        return refresh();
      });
    }).catch(function () { connected = false; showError(t.offline); render(); })
      .then(function () { busy = false; app.classList.remove("busy"); });
  }
  var stateEpoch = 0;  // bumped by every write's answer, whose state is the newest there is
  function refresh() {
    var epoch = stateEpoch;
    return fetch(app.dataset.stateUrl, { credentials: "same-origin" })
      .then(function (res) {
        if (!res.ok) throw new Error("state " + res.status);
        return res.json();
      })
      .then(function (body) {
        // A write answered while this read was on its way: keep the write's newer state.
        if (epoch !== stateEpoch) return;
        state = body;
        render();
      });
  }

  // -- the service worker: the page, its files and its last state kept for offline use ----
  function metaContent(name) {
    var meta = document.querySelector("meta[name=" + name + "]");
    return meta ? meta.content : "";
  }
  var keepSeq = 0;  // data-offline="ready" once the worker kept the latest state asked
  function keepOffline(withState) {
    // The page asks the worker to keep it (it may have been opened before the worker was
    // installed) and, after an answer to one of its writes, the newest state it knows.
    if (!("serviceWorker" in navigator) || !app.dataset.swUrl) return;
    navigator.serviceWorker.ready.then(function (reg) {
      if (!reg.active) return;
      keepSeq += 1;
      // The page's scope (whose session it is; scwu/security/offline.py): the worker keeps
      // the state only among that scope's copies.
      var message = {
        type: "keep-table", page: window.location.pathname, stateUrl: app.dataset.stateUrl, seq: keepSeq,
        scope: metaContent("scwu-offline-scope"), expires: metaContent("scwu-offline-expires")
      };
      app.dataset.offline = "keeping";
      if (withState) message.state = state;
      reg.active.postMessage(message);
    });
  }
  if ("serviceWorker" in navigator && app.dataset.swUrl) {
    navigator.serviceWorker.addEventListener("message", function (event) {
      if (event.data && event.data.type === "table-kept" && event.data.seq === keepSeq) {
        app.dataset.offline = "ready";
      }
    });
    // A new release's worker took over (and dropped the old cache): keep this table again.
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      keepOffline(false);
      refresh().catch(function () { /* kept at the next answer */ });
    });
    // The same worker for the short links of the tables' QR codes (/t/<id>/), so that they
    // open offline like this page (the worker's Service-Worker-Allowed header permits it).
    if (app.dataset.shortScope) {
      navigator.serviceWorker.register(app.dataset.swUrl, { scope: app.dataset.shortScope })
        .catch(function () { /* no worker: the short link needs the network */ });
    }
    navigator.serviceWorker.register(app.dataset.swUrl)  // scope: its folder, /games/tables/

      .then(function () { keepOffline(false); }, function () { /* no worker: online only */ });
  }

  // -- the outbox: this account's deals at this table ------------------------------------
  var recorder = app.dataset.recorder || "";  // "" for who may not record here
  var storePrefix = "scwu.table." + app.dataset.tableId + ".outbox";
  var storeKey = recorder ? storePrefix + "." + recorder : "";
  var outbox = load();
  var foreign = foreignCount();
  var signedInElsewhere = false;  // the server said another account is signed in now
  var sending = false;
  var retryTimer = null;
  var failures = 0;

  function load() {
    if (!storeKey) return [];
    try {
      var items = JSON.parse(window.localStorage.getItem(storeKey) || "[]");
      return items.filter(function (item) { return item && item.owner === recorder; });
    } catch (e) { return []; }
  }
  function foreignCount() {
    // Deals other accounts left on this phone at this table (and those of a page from before
    // outboxes had owners): never sent from here, only counted for the note.
    var count = 0;
    try {
      for (var i = 0; i < window.localStorage.length; i++) {
        var key = window.localStorage.key(i);
        if (key === storeKey || (key !== storePrefix && key.indexOf(storePrefix + ".") !== 0)) continue;
        var items = JSON.parse(window.localStorage.getItem(key) || "[]");
        if (Array.isArray(items)) count += items.length;
      }
    } catch (e) { /* no storage: nothing kept */ }
    return count;
  }
  function save() {
    if (!storeKey) return;
    try {
      // An empty outbox leaves no trace of who recorded at this table on this phone.
      if (outbox.length) window.localStorage.setItem(storeKey, JSON.stringify(outbox));
      else window.localStorage.removeItem(storeKey);
    } catch (e) { /* private mode: memory only */ }
  }
  function newKey() {
    if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID();
    return "k-" + Date.now().toString(36) + "-" + Math.random().toString(36).slice(2);
  }
  function nextNumber() {
    if (outbox.length) return outbox[outbox.length - 1].number + 1;
    return state.next_deal ? state.next_deal.number : null;
  }
  function queueDeal(payload, loser) {
    var number = nextNumber();
    if (number === null || !recorder) return;
    payload.number = number;
    payload.idempotency_key = newKey();
    payload.recorder = recorder;
    outbox.push({
      key: payload.idempotency_key, number: number, payload: payload, refused: null, loser: loser || null,
      owner: recorder
    });
    save();
    render();
    flush();
  }
  function scheduleRetry() {
    if (retryTimer) return;
    var wait = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * Math.pow(2, failures));
    failures += 1;
    retryTimer = window.setTimeout(function () { retryTimer = null; flush(); }, wait + Math.random() * 250);
  }
  function retryNow() {
    if (retryTimer) { window.clearTimeout(retryTimer); retryTimer = null; }
    failures = 0;
    flush();
  }
  function flush() {
    if (sending || signedInElsewhere || !outbox.length || outbox[0].refused) { render(); return; }
    if (outbox[0].owner !== recorder) { render(); return; }  // never sent under another name
    sending = true;
    render();
    var item = outbox[0];
    item.payload.number = item.number;
    send(app.dataset.dealUrl, item.payload).then(function (res) {
      if (res.ok) {
        return res.json().then(function (body) {
          outbox.shift();
          save();
          state = body;
          stateEpoch += 1;
          connected = true;
          keepOffline(true);
          failures = 0;
          showError("");
          return true;
        });
      }
      if (res.status === 400 || res.status === 404 || res.status === 409) {
        return res.json().catch(function () { return {}; }).then(function (body) {
          if (res.status === 409 && body && body.recorder) {
            // Someone else signed in on this phone meanwhile: the deals stay here, unsent,
            // until their recorder signs in again.
            signedInElsewhere = true;
            return false;
          }
          if (res.status !== 404 && !(body && body.number)) {
            // Not a conflict (someone else took the number): the deal itself is refused, e.g.
            // points that no deal gives. Say why next to the entry, give the values back.
            giveBack(item, flatten(body));
            return refresh().catch(function () { /* shown from the last state */ })
              .then(function () { return true; });
          }
          item.refused = { message: flatten(body) };
          save();
          return refresh().catch(function () { /* the panel still shows the server's message */ })
            .then(function () { return false; });
        });
      }
      throw new Error("server " + res.status);  // 5xx, 403 while signing in again, ...: try later
    }).then(function (sent) {
      sending = false;
      render();
      if (sent) flush();
    }, function () {
      sending = false;
      connected = false;
      render();
      scheduleRetry();
    });
  }
  function giveBack(item, reason) {
    outbox.shift();
    var next = state.next_deal ? state.next_deal.number : item.number;
    outbox.forEach(function (other, i) { other.number = next + i; });
    save();
    var text = fill(t.refusedDeal, { number: item.number, reason: reason });
    if (item.payload.points && $("points-entry")) {
      restorePoints = item.payload;
      pointsError(text);
    } else {
      showError(text);
    }
  }
  var choice = null;  // "discard" or "next": waiting for the referee's confirmation
  function resolveDiscard() {
    choice = null;
    outbox.shift();
    save();
    retryNow();
  }
  function resolveAsNext() {
    choice = null;
    if (!state.next_deal) return;
    var shift = state.next_deal.number - outbox[0].number;
    outbox.forEach(function (item) { item.number += shift; });
    outbox[0].refused = null;
    save();
    retryNow();
  }
  window.addEventListener("online", function () { connected = true; retryNow(); });
  window.addEventListener("offline", function () { connected = false; render(); });

  // -- what the pending deals make of the game: the server's tree, followed ---------------
  function lossOf(item) {
    if (item.loser) return item.loser;
    var losers = item.payload.losers;
    return losers && losers.length === 1 ? losers[0] : null;
  }
  function projection() {
    // The state after the pending deals, or null when one of them lies past the tree (more
    // deals than it covers, two losers): the page then says the server will tell.
    // A deal the server refused waits for the referee's choice: nothing after it is known.
    if (outbox.length && outbox[0].refused) return null;
    var node = state.ahead || null;
    for (var i = 0; i < outbox.length && node; i++) {
      var loser = lossOf(outbox[i]);
      node = loser && node.after ? node.after[loser] || null : null;
    }
    return node;
  }
  function shownSeat(shown, name) {
    if (!shown) return null;
    return shown.seats.filter(function (seat) { return seat.seat === name; })[0] || null;
  }

  function describe(losers) {
    return losers.join(", ") + " " + t.lost;
  }
  function describePending(item) {
    if (item.payload.losers) return describe(item.payload.losers);
    var points = item.payload.points || {};
    return t.points + " " + Object.keys(points).map(function (seat) { return seat + " " + points[seat]; }).join(", ");
  }

  function renderSync() {
    var line = $("sync");
    if (!line) return;
    var waiting = outbox.filter(function (item) { return !item.refused; }).length;
    var head = outbox[0];
    // A refused deal holds the rest back: the panel below says why, not the network.
    line.hidden = !outbox.length || Boolean(head.refused);
    line.className = "sync alert " + (sending ? "info" : "warn");
    line.textContent = fill(sending ? t.sending : waiting === 1 ? t.waitingOne : t.waiting, { count: waiting });
    app.dataset.pending = String(outbox.length);
    var panel = $("conflict");
    if (!panel) return;
    panel.hidden = !(head && head.refused);
    if (panel.hidden) { choice = null; return; }
    var theirs = state.deals.filter(function (deal) { return deal.number === head.number; })[0];
    var values = {
      number: head.number,
      theirs: theirs ? describe(theirs.losers) : "",
      mine: describePending(head),
      next: state.next_deal ? state.next_deal.number : ""
    };
    $("conflict-text").textContent = theirs ? fill(t.conflict, values) : head.refused.message;
    $("conflict-mine").textContent = fill(t.mine, values);
    // "Record mine as the next deal" only when someone else took the number, not for a refusal.
    var asNext = Boolean(theirs && state.next_deal);
    if (choice === "next" && !asNext) choice = null;
    $("conflict-next").hidden = !asNext;
    $("conflict-next").textContent = state.next_deal ? fill(t.asNext, { number: values.next }) : "";
    $("conflict-choices").hidden = Boolean(choice);
    $("conflict-confirm-box").hidden = !choice;
    if (choice) {
      var consequence = choice === "next" ? t.confirmNext : theirs ? t.confirmDiscard : t.confirmDrop;
      $("conflict-consequence").textContent = fill(consequence, values);
      $("conflict-confirm").textContent = choice === "next" ? fill(t.asNext, { number: values.next }) : t.discardYes;
    }
  }

  // -- rendering --------------------------------------------------------------------------
  function recordLoser(seat) {
    // The tournament may ask the line judge to confirm each deal (its "confirm deal entry").
    if (app.dataset.confirmDeal === "1") {
      var who = state.seats.filter(function (s) { return s.seat === seat; })[0];
      var name = seat + (who && who.player ? " " + who.player : "");
      if (!window.confirm(fill(texts.confirmDeal, { number: nextNumber(), seat: name }))) return;
    }
    queueDeal({ losers: [seat] });
  }
  var texts = JSON.parse(document.getElementById("table-texts").textContent);
  function misdealText(count) {
    var forms = texts.misdeals;
    var category = new Intl.PluralRules(document.documentElement.lang || "en").select(count);
    return fill(forms[category] || forms.other, { count: count });
  }

  function renderSeat(server, view) {
    // view: {next, finished, known, shown}; the seat as the pending deals leave it, if known.
    var next = view.next;
    var seat = shownSeat(view.shown, server.seat) || server;
    var ahead = view.shown ? seat.letter_count - server.letter_count : 0;
    // Past the tree we cannot know who sits out next: any seat still in may lose.
    var playing = view.known ? Boolean(next) && next.players.indexOf(seat.seat) >= 0 : server.is_active;
    var node = el(canScore ? "button" : "div", "seat");
    node.dataset.seat = seat.seat;
    node.dataset.letterCount = String(seat.letter_count);
    if (canScore) {
      node.type = "button";
      node.disabled = !playing || view.finished;
      node.addEventListener("click", function () { recordLoser(seat.seat); });
    }
    if (ahead) node.classList.add("pending");
    if (seat.is_mecbol) node.classList.add("mecbol");
    if (seat.has_placka) node.classList.add("placka");
    if (!seat.is_active) node.classList.add("inactive");
    if (next && next.dealer === seat.seat) node.classList.add("dealer");
    if (next && next.sitting_out.indexOf(seat.seat) >= 0) node.classList.add("sitting-out");
    var head = el("span", "seat-head");
    head.appendChild(el("span", "seat-name", seat.seat));
    head.appendChild(el("span", "seat-player", server.player));
    node.appendChild(head);
    var word = el("span", "seat-word letters");
    state.word_letters.forEach(function (letter, i) {
      var cls = i < server.letter_count ? "letter got" : i < seat.letter_count ? "letter got pending" : "letter";
      word.appendChild(el("span", cls, letter));
    });
    node.appendChild(word);
    var tags = el("span", "seat-tags");
    if (next && next.dealer === seat.seat) tags.appendChild(el("span", "badge", t.dealer));
    if (next && next.sitting_out.indexOf(seat.seat) >= 0) tags.appendChild(el("span", "badge", t.sitOut));
    if (seat.is_mecbol) tags.appendChild(el("span", "badge danger tag-mecbol", t.mecbol));
    if (seat.has_placka) tags.appendChild(el("span", "badge danger tag-placka", t.placka));
    if (!seat.is_active && !seat.has_placka) tags.appendChild(el("span", "badge", t.left));
    if (seat.place) tags.appendChild(el("span", "badge finished", seat.place + ". " + t.place));
    if (ahead) tags.appendChild(el("span", "badge warn tag-pending", t.pendingTag));
    node.appendChild(tags);
    return node;
  }

  // -- points entry: checked here before anything is queued; the values stay on an error -------
  var pointsFor = null;      // the seats the fields were built for
  var restorePoints = null;  // a refused deal's payload, put back into the fields
  function pointsError(text) {
    var box = $("points-error");
    if (!box) return;
    box.textContent = text || "";
    box.hidden = !text;
    if (text) $("points-entry").open = true;
  }
  function pointsValues() {
    var values = {};
    document.querySelectorAll("#points-fields input").forEach(function (input) {
      values[input.dataset.seat] = input.value.trim();
    });
    return values;
  }
  function checkPoints() {
    // The same rules as the server (engine.deal_loser): whole numbers 0-33; played out or
    // packed add up to 33; an early end or a packer needs a seat at 17 or more; a tie on top
    // needs Hejma, and Hejma is worth 10. Returns {error} or {payload, loser}.
    var raw = pointsValues();
    var seats = Object.keys(raw);
    var points = {};
    var end = $("points-end").value;
    var hejma = $("points-hejma").value || null;
    for (var i = 0; i < seats.length; i++) {
      var text = raw[seats[i]];
      if (!/^\d{1,2}$/.test(text) || parseInt(text, 10) > 33) {
        return { error: fill(t.pointsWhole, { seat: seats[i] }), seat: seats[i] };
      }
      points[seats[i]] = parseInt(text, 10);
    }
    var total = 0, top = -1;
    seats.forEach(function (seat) { total += points[seat]; top = Math.max(top, points[seat]); });
    var tied = seats.filter(function (seat) { return points[seat] === top; });
    if ((end === "played" || end === "packed") && total !== 33) {
      return { error: fill(t.pointsSum, { total: total }) };
    }
    if (end === "early" && total > 33) return { error: fill(t.pointsSum, { total: total }) };
    if ((end === "early" || end === "packed") && top < 17) return { error: t.pointsSeventeen };
    if (hejma && points[hejma] < 10) {
      return { error: fill(t.pointsHejma, { seat: hejma, points: points[hejma] }), seat: hejma };
    }
    if (tied.length > 1 && !hejma) {
      return { error: fill(t.pointsTie, { seats: tied.join(", "), points: top }) };
    }
    var payload = { points: points, end: end };
    if (hejma) payload.hejma = hejma;
    if (end === "packed") payload.packer = tied.length > 1 && tied.indexOf(hejma) >= 0 ? hejma : tied[0];
    var loser = tied.length === 1 ? tied[0] : tied.indexOf(hejma) >= 0 ? hejma : null;
    return { payload: payload, loser: loser };
  }
  function previewPoints() {
    var line = $("points-loser");
    if (!line) return;
    var values = pointsValues();
    var complete = Object.keys(values).every(function (seat) { return values[seat] !== ""; });
    var checked = complete ? checkPoints() : null;
    line.textContent = checked && checked.loser ? fill(t.pointsLoser, { seat: checked.loser }) : "";
  }

  function renderPoints(next) {
    var box = $("points-fields");
    if (!box) return;
    var seatsNow = next ? next.players.join("") : "";
    // Rebuilding would wipe what the judge typed: only when the seats in play change.
    if (seatsNow === pointsFor && !restorePoints) return;
    pointsFor = seatsNow;
    var kept = restorePoints;
    restorePoints = null;
    box.textContent = "";
    var hejma = $("points-hejma");
    hejma.textContent = "";
    hejma.appendChild(el("option", "", "—")).value = "";
    if (!next) return;
    next.players.forEach(function (seat) {
      var label = el("label", "points-field", seat + " ");
      var input = el("input");
      input.type = "number"; input.min = "0"; input.max = "33"; input.inputMode = "numeric";
      input.name = "points-" + seat;
      input.dataset.seat = seat;
      if (kept && kept.points && kept.points[seat] !== undefined) input.value = String(kept.points[seat]);
      input.addEventListener("input", function () { pointsError(""); previewPoints(); });
      label.appendChild(input);
      box.appendChild(label);
      hejma.appendChild(el("option", "", seat)).value = seat;
    });
    if (kept) {
      $("points-end").value = kept.end || "played";
      hejma.value = kept.hejma || "";
    }
    previewPoints();
  }

  function renderLog() {
    var waiting = $("pending-log");
    waiting.textContent = "";
    waiting.hidden = !outbox.length;
    outbox.slice().reverse().forEach(function (item) {
      var text = t.deal + " " + item.number + ": " + describePending(item) +
        " (" + (item.refused ? t.refused : t.pending) + ")";
      var node = el("li", item.refused ? "pending refused" : "pending", text);
      node.dataset.key = item.key;
      waiting.appendChild(node);
    });
    var log = $("deal-log");
    log.textContent = "";
    state.deals.slice().reverse().forEach(function (deal) {
      var text = t.deal + " " + (deal.number || "–") + ": " + deal.dealer + " → " + deal.losers.join(", ") + " " + t.lost;
      if (deal.misdeals) text += " · " + misdealText(deal.misdeals);
      (deal.rulings || []).forEach(function (ruling) {
        text += " · " + t.renonc + " " + ruling.kind + " " + ruling.offender + ": " + ruling.penalty_label +
          (ruling.in_force ? "" : " (" + t.overturned + ")");
      });
      if (deal.correction) text += " · " + t.correction + ": " + deal.correction;
      if (!deal.counted) text += " (" + (deal.held ? t.held : t.notCounted) + ")";
      var item = el("li", deal.counted ? "" : "muted", text);
      if (deal.rulings && deal.rulings.length) item.dataset.rulings = String(deal.rulings.length);
      item.value = deal.number || 0;
      if (deal.analysable && deal.id && app.dataset.reviewUrl) {
        var review = document.createElement("a");
        review.href = app.dataset.reviewUrl.replace("/0/review/", "/" + deal.id + "/review/");
        review.textContent = t.review;
        review.className = "deal-review";
        item.appendChild(document.createTextNode(" · "));
        item.appendChild(review);
      }
      log.appendChild(item);
    });
  }

  // While the referee call waits for an answer, look for it every 15 s.
  var callTimer = null;
  function watchCall(waiting) {
    if (waiting && !callTimer) {
      callTimer = window.setInterval(function () { if (!busy) refresh().catch(function () {}); }, 15000);
    } else if (!waiting && callTimer) {
      window.clearInterval(callTimer);
      callTimer = null;
    }
  }

  function currentView() {
    if (!outbox.length) {
      return { next: state.next_deal, finished: state.finished, known: true, shown: null };
    }
    var shown = projection();
    if (!shown) return { next: null, finished: false, known: false, shown: null };
    return { next: shown.next, finished: shown.finished, known: true, shown: shown };
  }

  function renderOwner() {
    // Deals on this phone that this page does not send, and why.
    var line = $("outbox-owner");
    if (!line) return;
    var notes = [];
    if (signedInElsewhere && outbox.length) notes.push(fill(t.otherAccount, { count: outbox.length }));
    if (foreign) notes.push(fill(t.foreignDeals, { count: foreign }));
    line.textContent = notes.join(" ");
    line.hidden = !notes.length;
    app.dataset.foreignPending = String(foreign);
    app.dataset.signedInElsewhere = signedInElsewhere ? "1" : "0";
  }

  function renderConnection() {
    var line = $("connection");
    if (!line) return;
    line.dataset.state = connected ? "online" : "offline";
    line.className = "connection " + (connected ? "online" : "offline");
    line.textContent = connected ? t.online : outbox.length === 1 ? t.offlineKeptOne
      : outbox.length ? fill(t.offlineKept, { count: outbox.length }) : t.offlineNone;
  }

  function renderPlaces(view, pending) {
    // The game over: every seat's place, best first (an elimination's last seats are placed
    // by the server, in the state and in its states ahead, by the tournament's rule).
    var box = $("game-over");
    if (!box) return;
    var list = $("final-places");
    list.textContent = "";
    var placed = [];
    if (view.finished) {
      state.seats.forEach(function (server) {
        var seat = shownSeat(view.shown, server.seat) || server;
        if (seat.place) placed.push({ seat: seat, player: server.player });
      });
      placed.sort(function (a, b) { return a.seat.place - b.seat.place || (a.seat.seat < b.seat.seat ? -1 : 1); });
    }
    placed.forEach(function (item) {
      var row = el("li", "final-place" + (pending ? " pending" : ""));
      row.dataset.seat = item.seat.seat;
      row.dataset.place = String(item.seat.place);
      row.appendChild(el("span", "final-place-number", item.seat.place + ". " + t.place));
      row.appendChild(el("span", "seat-name", item.seat.seat));
      row.appendChild(el("span", "seat-player", item.player));
      if (item.seat.has_placka) row.appendChild(el("span", "badge danger", t.placka));
      list.appendChild(row);
    });
    box.hidden = !placed.length;
  }

  function render() {
    var view = currentView();
    var next = view.next;
    var pending = outbox.length > 0;
    var badge = $("status-badge");
    badge.className = "badge " + (view.finished ? "finished" : "running") + (pending ? " pending" : "");
    badge.textContent = (view.finished ? t.finished : t.running) + (pending && view.known ? " (" + t.pendingTag + ")" : "");
    var line = $("next-deal");
    line.classList.toggle("pending", pending);
    if (pending && !view.known) {
      line.textContent = t.deal + " " + nextNumber() + " · " + t.unknownAhead;
    } else if (next) {
      var number = pending ? nextNumber() : next.number;
      line.textContent = t.deal + " " + number + " · " + next.dealer + " " + t.dealer +
        (next.sitting_out.length ? " · " + next.sitting_out.join(", ") + " " + t.sitsOut : "") +
        (!pending && next.misdeals ? " · " + misdealText(next.misdeals) : "") +
        (pending ? " (" + t.pendingTag + ")" : "");
    } else {
      line.textContent = t.finished + (pending ? " (" + t.pendingTag + ")" : "");
    }
    var seats = $("seats");
    seats.textContent = "";
    state.seats.forEach(function (seat) { seats.appendChild(renderSeat(seat, view)); });
    renderPlaces(view, pending);
    var call = $("call-referee");
    var answer = state.referee_call && state.referee_call.acknowledged;
    if (call) {
      call.textContent = !state.referee_called ? t.call
        : answer ? fill(t.acknowledged, { name: state.referee_call.acknowledged_by || "" }) : t.called;
      call.classList.toggle("called", state.referee_called);
    }
    watchCall(state.referee_called && !answer);
    var undo = $("undo");
    if (undo) {
      // The last thing recorded goes first: a misdeal of the deal being dealt, else the last deal.
      undo.textContent = misdealToUndo() ? t.undoMisdeal : t.undoDeal;
      undo.disabled = !state.deals.length && !outbox.length && !misdealToUndo();
    }
    var misdeal = $("misdeal");
    // A misdeal belongs to the next deal: it cannot be ordered behind deals not yet sent.
    if (misdeal) misdeal.disabled = state.finished || outbox.length > 0;
    renderPoints(next);
    renderLog();
    renderSync();
    renderOwner();
    renderConnection();
    app.dataset.status = state.status;
    app.dataset.shownStatus = view.finished ? "finished" : "running";
  }

  // Signing out clears this phone (Clear-Site-Data): deals not sent yet would go with it.
  document.querySelectorAll("form[data-sign-out]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (outbox.length && !window.confirm(fill(t.signOutPending, { count: outbox.length }))) {
        event.preventDefault();
      }
    });
  });

  function misdealToUndo() {
    // A misdeal of the deal being dealt, with no deal waiting on this phone after it.
    return !outbox.length && Boolean(state.next_deal) && state.next_deal.misdeals > 0;
  }

  if (canScore) {
    $("undo").addEventListener("click", function () {
      if (misdealToUndo()) {
        if (!window.confirm(fill(t.confirmUndoMisdeal, { number: state.next_deal.number }))) return;
        post(app.dataset.misdealUndoUrl, {});
        return;
      }
      if (!window.confirm(t.confirmUndo)) return;
      if (outbox.length) {
        // The last deal is still on this phone: take it back here, the server never saw it.
        if (sending && outbox.length === 1) return;
        outbox.pop();
        save();
        render();
        return;
      }
      var last = state.deals.filter(function (d) { return d.number; }).pop();
      post(app.dataset.undoUrl, { number: last ? last.number : null });
    });
    $("misdeal").addEventListener("click", function () {
      var next = state.next_deal;
      if (!next) return;
      // Say what it does: the first misdeal of a deal is free, a later one costs a letter.
      var text = next.misdeals ? t.confirmMisdealLetter : t.confirmMisdeal;
      if (!window.confirm(fill(text, { number: next.number, dealer: next.dealer }))) return;
      post(app.dataset.misdealUrl, {});
    });
    $("call-referee").addEventListener("click", function () {
      post(app.dataset.callUrl, { called: !state.referee_called });
    });
    $("conflict-discard").addEventListener("click", function () { choice = "discard"; render(); });
    $("conflict-next").addEventListener("click", function () { choice = "next"; render(); });
    $("conflict-back").addEventListener("click", function () { choice = null; render(); });
    $("conflict-confirm").addEventListener("click", function () {
      if (choice === "next") resolveAsNext(); else if (choice === "discard") resolveDiscard();
    });
    $("points-end").addEventListener("change", function () { pointsError(""); previewPoints(); });
    $("points-hejma").addEventListener("change", function () { pointsError(""); previewPoints(); });
    $("points-submit").addEventListener("click", function () {
      var view = currentView();
      if (view.finished || (!view.next && view.known)) return;
      var checked = checkPoints();
      document.querySelectorAll("#points-fields input").forEach(function (input) {
        input.setAttribute("aria-invalid", checked.seat === input.dataset.seat ? "true" : "false");
      });
      if (checked.error) { pointsError(checked.error); return; }  // nothing sent, values kept
      pointsError("");
      document.querySelectorAll("#points-fields input").forEach(function (input) { input.value = ""; });
      $("points-hejma").value = "";
      $("points-end").value = "played";
      previewPoints();
      queueDeal(checked.payload, checked.loser);
      $("points-entry").open = false;
    });
  }
  render();
  // Opened from the worker's cache, the embedded state may be older than the last one the
  // worker kept: ask (the network first, the worker's copy offline), then send the outbox.
  refresh().catch(function () { /* neither: the embedded state stands */ })
    .then(function () { if (canScore && outbox.length) flush(); });
}());
