/* The line judge's table page: post to the API, re-render from the JSON state it returns. */
(function () {
  "use strict";
  var app = document.getElementById("table-app");
  if (!app) return;
  var state = JSON.parse(document.getElementById("table-state").textContent);
  var t = JSON.parse(document.getElementById("table-i18n").textContent);
  var canScore = app.dataset.canScore === "1";
  var busy = false;

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

  function post(url, payload) {
    if (busy) return Promise.resolve();
    busy = true;
    app.classList.add("busy");
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf(), "Accept": "application/json" },
      body: JSON.stringify(payload || {})
    }).then(function (res) {
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
      .then(function (res) { return res.json(); })
      .then(function (body) { state = body; render(); });
  }

  function recordLoser(seat) {
    if (!state.next_deal) return;
    post(app.dataset.dealUrl, { number: state.next_deal.number, losers: [seat] });
  }

  function renderSeat(seat) {
    var next = state.next_deal;
    var playing = next && next.players.indexOf(seat.seat) >= 0;
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
    if (next) {
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
    if (undo) undo.disabled = !state.deals.length;
    var misdeal = $("misdeal");
    if (misdeal) misdeal.disabled = state.finished;
    renderPoints();
    renderLog();
    app.dataset.status = state.status;
  }

  if (canScore) {
    $("undo").addEventListener("click", function () {
      if (!window.confirm(t.confirmUndo)) return;
      var last = state.deals.filter(function (d) { return d.number; }).pop();
      post(app.dataset.undoUrl, { number: last ? last.number : null });
    });
    $("misdeal").addEventListener("click", function () { post(app.dataset.misdealUrl, {}); });
    $("call-referee").addEventListener("click", function () {
      post(app.dataset.callUrl, { called: !state.referee_called });
    });
    $("points-submit").addEventListener("click", function () {
      if (!state.next_deal) return;
      var points = {};
      document.querySelectorAll("#points-fields input").forEach(function (input) {
        points[input.dataset.seat] = input.value === "" ? -1 : parseInt(input.value, 10);
      });
      var payload = { number: state.next_deal.number, points: points, end: $("points-end").value };
      if ($("points-hejma").value) payload.hejma = $("points-hejma").value;
      post(app.dataset.dealUrl, payload).then(function () {
        if (!$("message").textContent) $("points-entry").open = false;
      });
    });
  }
  render();
}());
