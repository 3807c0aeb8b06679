/* The line judge's table page: post to the API, re-render from the JSON state it returns.
 *
 * Deals go through an outbox kept in localStorage, so a table keeps recording while the
 * server or the network is down: every deal carries a key made here and the deal number the
 * judge saw, waits as "pending" in the log, and is sent (in order, with backoff, and at once
 * when the browser comes back online) until the server answers. The key makes a resend of a
 * deal the server already stored a no-op; a deal number someone else took meanwhile is put to
 * the referee (discard mine / record mine as the next deal), never dropped silently. */
(function () {
  "use strict";
  var app = document.getElementById("table-app");
  if (!app) return;
  var state = JSON.parse(document.getElementById("table-state").textContent);
  var t = JSON.parse(document.getElementById("table-i18n").textContent);
  var canScore = app.dataset.canScore === "1";
  var busy = false;
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
        if (res.ok) { state = body; showError(""); render(); return; }
        showError(flatten(body));
        return refresh();
      });
    }).catch(function () { showError(t.offline); })
      .then(function () { busy = false; app.classList.remove("busy"); });
  }
  function refresh() {
    return fetch(app.dataset.stateUrl, { credentials: "same-origin" })
      .then(function (res) {
        if (!res.ok) throw new Error("state " + res.status);
        return res.json();
      })
      .then(function (body) { state = body; render(); });
  }

  // -- the outbox -------------------------------------------------------------------------
  var storeKey = "scwu.table." + app.dataset.tableId + ".outbox";
  var outbox = load();
  var sending = false;
  var retryTimer = null;
  var failures = 0;

  function load() {
    try { return JSON.parse(window.localStorage.getItem(storeKey) || "[]"); } catch (e) { return []; }
  }
  function save() {
    try { window.localStorage.setItem(storeKey, JSON.stringify(outbox)); } catch (e) { /* private mode: memory only */ }
  }
  function newKey() {
    if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID();
    return "k-" + Date.now().toString(36) + "-" + Math.random().toString(36).slice(2);
  }
  function nextNumber() {
    if (outbox.length) return outbox[outbox.length - 1].number + 1;
    return state.next_deal ? state.next_deal.number : null;
  }
  function queueDeal(payload) {
    var number = nextNumber();
    if (number === null) return;
    payload.number = number;
    payload.idempotency_key = newKey();
    outbox.push({ key: payload.idempotency_key, number: number, payload: payload, refused: null });
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
    if (sending || !outbox.length || outbox[0].refused) { render(); return; }
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
          failures = 0;
          showError("");
          return true;
        });
      }
      if (res.status === 400 || res.status === 404) {
        return res.json().catch(function () { return {}; }).then(function (body) {
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
      render();
      scheduleRetry();
    });
  }
  function resolveDiscard() {
    outbox.shift();
    save();
    retryNow();
  }
  function resolveAsNext() {
    if (!state.next_deal) return;
    var shift = state.next_deal.number - outbox[0].number;
    outbox.forEach(function (item) { item.number += shift; });
    outbox[0].refused = null;
    save();
    retryNow();
  }
  window.addEventListener("online", retryNow);

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
    if (panel.hidden) return;
    var theirs = state.deals.filter(function (deal) { return deal.number === head.number; })[0];
    $("conflict-text").textContent = theirs
      ? fill(t.conflict, { number: head.number, theirs: describe(theirs.losers) })
      : head.refused.message;
    $("conflict-mine").textContent = fill(t.mine, { number: head.number, mine: describePending(head) });
    // "Record mine as the next deal" only when someone else took the number, not for a refusal.
    $("conflict-next").hidden = !(theirs && state.next_deal);
    $("conflict-next").textContent = state.next_deal ? fill(t.asNext, { number: state.next_deal.number }) : "";
  }

  // -- rendering --------------------------------------------------------------------------
  function recordLoser(seat) {
    queueDeal({ losers: [seat] });
  }

  function renderSeat(seat) {
    var next = state.next_deal;
    // While deals wait in the outbox we cannot know who sits out next: any seat still in may lose.
    var playing = outbox.length ? seat.is_active : next && next.players.indexOf(seat.seat) >= 0;
    var node = el(canScore ? "button" : "div", "seat");
    node.dataset.seat = seat.seat;
    if (canScore) {
      node.type = "button";
      node.disabled = !playing || state.finished;
      node.addEventListener("click", function () { recordLoser(seat.seat); });
    }
    if (seat.is_mecbol) node.classList.add("mecbol");
    if (seat.has_placka) node.classList.add("placka");
    if (!seat.is_active) node.classList.add("inactive");
    if (next && next.dealer === seat.seat) node.classList.add("dealer");
    if (next && next.sitting_out.indexOf(seat.seat) >= 0) node.classList.add("sitting-out");
    var head = el("span", "seat-head");
    head.appendChild(el("span", "seat-name", seat.seat));
    head.appendChild(el("span", "seat-player", seat.player));
    node.appendChild(head);
    var word = el("span", "seat-word letters");
    state.letters.forEach(function (letter, i) {
      word.appendChild(el("span", i < seat.letters ? "letter got" : "letter", letter));
    });
    node.appendChild(word);
    var tags = el("span", "seat-tags");
    if (next && next.dealer === seat.seat) tags.appendChild(el("span", "badge", t.dealer));
    if (next && next.sitting_out.indexOf(seat.seat) >= 0) tags.appendChild(el("span", "badge", t.sitOut));
    if (seat.is_mecbol) tags.appendChild(el("span", "badge danger tag-mecbol", t.mecbol));
    if (seat.has_placka) tags.appendChild(el("span", "badge danger tag-placka", t.placka));
    if (!seat.is_active && !seat.has_placka) tags.appendChild(el("span", "badge", t.left));
    if (seat.place) tags.appendChild(el("span", "badge finished", seat.place + ". " + t.place));
    node.appendChild(tags);
    return node;
  }

  function renderPoints() {
    var box = $("points-fields");
    if (!box) return;
    box.textContent = "";
    var hejma = $("points-hejma");
    hejma.textContent = "";
    hejma.appendChild(el("option", "", "—")).value = "";
    if (!state.next_deal) return;
    state.next_deal.players.forEach(function (seat) {
      var label = el("label", "points-field", seat + " ");
      var input = el("input");
      input.type = "number"; input.min = "0"; input.max = "33"; input.inputMode = "numeric";
      input.name = "points-" + seat;
      input.dataset.seat = seat;
      label.appendChild(input);
      box.appendChild(label);
      hejma.appendChild(el("option", "", seat)).value = seat;
    });
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
      if (deal.misdeals) text += " · " + deal.misdeals + "× C";
      if (!deal.counted) text += " (" + t.notCounted + ")";
      var item = el("li", deal.counted ? "" : "muted", text);
      item.value = deal.number || 0;
      log.appendChild(item);
    });
  }

  function render() {
    var next = state.next_deal;
    var badge = $("status-badge");
    badge.className = "badge " + state.status;
    badge.textContent = state.finished ? t.finished : t.running;
    var line = $("next-deal");
    if (outbox.length) {
      line.textContent = t.deal + " " + nextNumber();
    } else if (next) {
      line.textContent = t.deal + " " + next.number + " · " + next.dealer + " " + t.dealer +
        (next.sitting_out.length ? " · " + next.sitting_out.join(", ") + " " + t.sitsOut : "") +
        (next.misdeals ? " · " + next.misdeals + " " + t.misdeals : "");
    } else {
      line.textContent = t.finished;
    }
    var seats = $("seats");
    seats.textContent = "";
    state.seats.forEach(function (seat) { seats.appendChild(renderSeat(seat)); });
    var call = $("call-referee");
    if (call) {
      call.textContent = state.referee_called ? t.called : t.call;
      call.classList.toggle("called", state.referee_called);
    }
    var undo = $("undo");
    if (undo) undo.disabled = !state.deals.length && !outbox.length;
    var misdeal = $("misdeal");
    // A misdeal belongs to the next deal: it cannot be ordered behind deals not yet sent.
    if (misdeal) misdeal.disabled = state.finished || outbox.length > 0;
    renderPoints();
    renderLog();
    renderSync();
    app.dataset.status = state.status;
  }

  if (canScore) {
    $("undo").addEventListener("click", function () {
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
    $("misdeal").addEventListener("click", function () { post(app.dataset.misdealUrl, {}); });
    $("call-referee").addEventListener("click", function () {
      post(app.dataset.callUrl, { called: !state.referee_called });
    });
    $("conflict-discard").addEventListener("click", resolveDiscard);
    $("conflict-next").addEventListener("click", resolveAsNext);
    $("points-submit").addEventListener("click", function () {
      if (!state.next_deal) return;
      var points = {};
      document.querySelectorAll("#points-fields input").forEach(function (input) {
        points[input.dataset.seat] = input.value === "" ? -1 : parseInt(input.value, 10);
      });
      var payload = { points: points, end: $("points-end").value };
      if ($("points-hejma").value) payload.hejma = $("points-hejma").value;
      queueDeal(payload);
      $("points-entry").open = false;
    });
  }
  render();
  if (canScore && outbox.length) flush();
}());
