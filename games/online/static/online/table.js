/* The online card table: one WebSocket, full state frames from the server, the DOM re-rendered
   from the latest frame. The server is the referee; this page only offers what the view allows
   (legal cards, the pass of three) and shows what the server says. Protocol: games/online/frames.py and consumers.py. */
(function () {
  "use strict";
  var app = document.getElementById("online-app");
  if (!app) return;
  var Cards = window.OnlineCards;
  function $(id) { return document.getElementById(id); }
  var t = JSON.parse($("ot-i18n").textContent);
  var fmt = Cards.format;
  var SEATS = "ABCD";
  var POSITIONS = ["bottom", "left", "top", "right"];  // clockwise from the viewer
  var me = app.dataset.seat || null;
  var isModerator = app.dataset.moderator === "1";
  var lobbyUrl = app.dataset.lobbyUrl || "";
  var seats = JSON.parse($("ot-seats").textContent) || [];
  var pattern = initialPattern();
  var state = null;
  var socket = null, retry = 0, pingTimer = null, everConnected = false;
  var pending = false;          // an action is on its way; wait for the next state
  var lastAction = null;        // the action on its way
  var passAgain = null;         // a pass refused as stale, sent again on the fresh state
  var selected = {};            // pass phase: code -> true
  var cursor = 0;               // keyboard cursor in the hand
  var lastTrickSeen = null;     // this deal's last completed trick, for the button and L
  var dealSeen = null;          // deal number the per-deal memory above belongs to
  var dismissedSummary = null;  // deal number whose summary the player closed
  var soundOn = store("scwu.sound") === "on";
  var audio = null;
  var errorTimer = null;
  var chat = window.OnlineChat.create({ t: t, moderator: isModerator, send: send });

  // -- small helpers ---------------------------------------------------------------------------
  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }
  function store(key, value) {
    try {
      if (value === undefined) return window.localStorage.getItem(key);
      window.localStorage.setItem(key, value);
    } catch (e) { /* private mode: the choice lasts for this page only */ }
    return null;
  }
  function seatInfo(seat) {
    var list = (state && state.seats) || seats;
    for (var i = 0; i < list.length; i++) if (list[i].seat === seat) return list[i];
    return { seat: seat, name: "", is_bot: false, connected: false, bot_takeover: false };
  }
  function seatName(seat) {
    var info = seatInfo(seat);
    return info.name || t.emptySeat;
  }
  function posOf(seat) {
    var base = SEATS.indexOf(me || "A");
    return POSITIONS[(SEATS.indexOf(seat) - base + 4) % 4];
  }
  function leftOf(seat) { return SEATS.charAt((SEATS.indexOf(seat) + 1) % 4); }
  function rightOf(seat) { return SEATS.charAt((SEATS.indexOf(seat) + 3) % 4); }
  function passCount(view) { return (view && view.ruleset && view.ruleset.pass_count) || 3; }
  function view() { return state && state.view; }

  // -- card pattern ----------------------------------------------------------------------------
  function initialPattern() {
    var asked = new URLSearchParams(window.location.search).get("pattern");
    var valid = { czech: true, french: true };
    if (valid[asked]) { store("scwu.pattern", asked); return asked; }
    var saved = store("scwu.pattern");
    var chosen = valid[saved] ? saved : (app.dataset.pattern || "czech");
    rememberPatternInUrl(chosen);
    return chosen;
  }
  function rememberPatternInUrl(p) {
    var url = new URL(window.location.href);
    url.searchParams.set("pattern", p);
    window.history.replaceState(null, "", url.toString());
  }
  function setPattern(p) {
    pattern = p;
    store("scwu.pattern", p);
    rememberPatternInUrl(p);
    render();
  }

  // -- sound (WebAudio, off unless asked for) ---------------------------------------------------
  function beep(freq, ms) {
    if (!soundOn) return;
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      var osc = audio.createOscillator(), gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.08, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + ms / 1000);
      osc.connect(gain); gain.connect(audio.destination);
      osc.start(); osc.stop(audio.currentTime + ms / 1000);
    } catch (e) { soundOn = false; }
  }

  // -- the socket ------------------------------------------------------------------------------
  function send(frame) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }
  function setConnection(status) {
    app.dataset.connection = status;
    var node = $("ot-connection");
    node.textContent = t[status] || status;
    node.className = "ot-connection " + status;
    renderBanner();
  }
  function connect() {
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + window.location.host + app.dataset.wsPath);
    setConnection(everConnected ? "reconnecting" : "connecting");
    socket.onopen = function () {
      retry = 0;
      everConnected = true;
      setConnection("connected");
      send({ type: "hello", version: state ? state.version : null });
      clearInterval(pingTimer);
      pingTimer = setInterval(function () { send({ type: "ping" }); }, 25000);
    };
    socket.onmessage = function (event) {
      var frame;
      try { frame = JSON.parse(event.data); } catch (e) { return; }
      if (frame && typeof frame.type === "string") receive(frame);
    };
    socket.onclose = function (event) {
      clearInterval(pingTimer);
      socket = null;
      if (event.code === 4404) {  // the game is gone: retrying cannot help
        setConnection("closed");
        showError(t.noGame);
        return;
      }
      if (pending) { pending = false; showError(t.networkLost); }
      setConnection("reconnecting");
      // Exponential backoff with jitter, so a restarted server is not hit by every table at once.
      var delay = Math.min(10000, 500 * Math.pow(2, retry)) * (0.75 + Math.random() * 0.5);
      // Refused for want of a spectator's place (the error frame said so): ask again slowly.
      if (event.code === 4429) delay = 30000 * (0.75 + Math.random() * 0.5);
      retry += 1;
      setTimeout(connect, delay);
    };
  }
  function act(action) {
    if (pending || !state) return;
    if (send({ type: "action", version: state.version, action: action })) {
      pending = true;
      lastAction = action;
      render();
    }
  }

  function receive(frame) {
    switch (frame.type) {
      case "state": return receiveState(frame);
      case "chat": chat.add(frame, true); return;
      case "chat_log": chat.replace(frame.messages || []); return;
      case "chat_hidden": chat.hide(frame.id); return;
      case "error":
        pending = false;
        if (frame.code === "stale_version") {
          // All four seats pass at once, so a pass often crosses another seat's: it does not
          // depend on theirs, so it is sent again on the fresh state. Anything else is shown.
          if (lastAction && lastAction.type === "pass") passAgain = lastAction.cards;
          else showError(frame.message || frame.code);
          send({ type: "hello", version: null });
        } else {
          showError(frame.message || frame.code);
        }
        lastAction = null;
        render();
        return;
      default: return;
    }
  }
  function receiveState(frame) {
    if (state && frame.version < state.version) return;
    var before = state;
    var wasMyTurn = todo() === "play" || todo() === "pass";
    state = frame;
    var v = frame.view;
    // Another seat's pass may arrive while ours is on its way: ours is still pending then.
    if (!(lastAction && lastAction.type === "pass" && v && v.must_pass)) {
      pending = false;
      lastAction = null;
    }
    if (frame.seats) seats = frame.seats;
    var g = frame.game || {};
    if (dealSeen !== g.deal_number) {
      dealSeen = g.deal_number;
      selected = {};
      cursor = 0;
      lastTrickSeen = null;
    }
    if (v && v.last_trick) lastTrickSeen = v.last_trick;
    if (before && before.view && v && trickLength(v) !== trickLength(before.view)) beep(520, 60);
    if (!wasMyTurn && (todo() === "play" || todo() === "pass")) beep(880, 140);
    render();
    if (passAgain) {
      var cards = passAgain;
      passAgain = null;
      var held = (v && v.hand) || [];
      if (todo() === "pass" && cards.every(function (c) { return held.indexOf(c) >= 0; })) {
        act({ type: "pass", cards: cards });
      } else {
        render();
      }
    }
  }
  function trickLength(v) { return (v.trick || []).length + (v.last_trick ? 10 : 0); }

  // -- what the viewer may do now -----------------------------------------------------------------
  function todo() {
    var v = view();
    if (!state || !v) return "wait";
    if (state.game && state.game.finished) return "over";
    // a pass refused as stale is sent again by the page itself: the seat waits meanwhile
    if (pending || passAgain || state.paused || !me) return "wait";
    if (v.must_pass) return "pass";
    if (v.phase === "play" && v.turn === me && (v.legal_cards || []).length) return "play";
    return "wait";
  }
  function hand() {
    var v = view();
    return v && v.hand ? Cards.sortCodes(v.hand) : [];
  }
  function isLegal(code) {
    var v = view();
    return todo() === "play" && v.legal_cards.indexOf(code) >= 0;
  }
  function toggle(code) {
    if (todo() !== "pass") return;
    if (selected[code]) delete selected[code];
    else if (Object.keys(selected).length < passCount(view())) selected[code] = true;
    render();
  }
  function confirmPass() {
    var cards = Object.keys(selected);
    if (todo() !== "pass" || cards.length !== passCount(view())) return;
    selected = {};
    act({ type: "pass", cards: cards });
  }
  function play(code) {
    if (isLegal(code)) act({ type: "play", card: code });
  }
  function pack() {
    var v = view();
    if (!me || !v || v.phase !== "play" || pending) return;
    // The seat view does not say whether packing is allowed (taken points are hidden): offer it
    // during play and let the server refuse it with its reason.
    if (window.confirm(t.packConfirm)) act({ type: "pack" });
  }

  // -- rendering -----------------------------------------------------------------------------------
  function render() {
    app.classList.remove("pattern-czech", "pattern-french");
    app.classList.add("pattern-" + pattern);
    var button = $("ot-pattern");
    button.textContent = pattern === "czech" ? t.czech : t.french;
    button.setAttribute("aria-pressed", pattern === "french" ? "true" : "false");
    $("ot-sound").textContent = soundOn ? t.soundOn : t.soundOff;
    $("ot-sound").setAttribute("aria-pressed", soundOn ? "true" : "false");
    $("ot-last").disabled = !lastTrickSeen;
    if (!state) { renderSeats(); return; }
    var g = state.game || {};
    var v = view();
    app.dataset.version = state.version;
    app.dataset.over = g.finished ? "1" : "0";
    app.dataset.deal = g.deal_number || "";
    app.dataset.phase = v ? v.phase : "waiting";
    app.dataset.todo = todo();
    $("ot-deal").textContent = g.deal_number ? "· " + fmt(t.deal, { n: g.deal_number }) : "";
    renderSeats();
    renderTrick();
    renderHand();
    renderSummary();
    renderGameOver();
    renderBanner();
    var packButton = $("ot-pack");
    if (packButton) {
      packButton.hidden = !(v && v.phase === "play" && !g.finished);
      packButton.disabled = pending;
    }
  }

  function renderSeats() {
    var g = (state && state.game) || {};
    var v = view();
    var clock = (state && state.clock) || {};
    SEATS.split("").forEach(function (seat) {
      var info = seatInfo(seat);
      var box = app.querySelector(".ot-seat.pos-" + posOf(seat));
      box.innerHTML = "";
      box.dataset.seat = seat;
      var got = (g.word_so_far && g.word_so_far[seat]) || "";
      var placka = (g.placka || []).indexOf(seat) >= 0;
      var mecbol = (g.mecbol || []).indexOf(seat) >= 0;
      box.classList.toggle("turn", !!(v && v.turn === seat && v.phase !== "over"));
      box.classList.toggle("mecbol", mecbol);
      box.classList.toggle("placka", placka);
      box.classList.toggle("offline", !info.is_bot && !info.connected && !!info.name);
      box.classList.toggle("me", seat === me);

      var head = el("div", "ot-seat-head");
      head.appendChild(el("span", "ot-seat-letter", seat));
      head.appendChild(el("span", "ot-seat-name", seatName(seat) + (seat === me ? " (" + t.you + ")" : "")));
      if (info.is_bot) head.appendChild(el("span", "badge", t.bot));
      box.appendChild(head);

      var word = el("div", "ot-word letters");
      (g.word_letters || []).forEach(function (letter, i) {
        word.appendChild(el("span", "letter" + (i < got.length ? " got" : ""), letter));
      });
      box.appendChild(word);

      var tags = el("div", "ot-seat-tags");
      if (v && v.tricks_taken) tags.appendChild(el("span", "ot-tricks", fmt(t.tricks, { n: v.tricks_taken[seat] || 0 })));
      if (v && v.dealer === seat) tags.appendChild(el("span", "badge dealer", t.dealer));
      if (mecbol) tags.appendChild(el("span", "badge mecbol", t.mecbol));
      if (placka) tags.appendChild(el("span", "badge placka", t.placka));
      if (v && v.phase === "pass" && (v.passed_seats || []).indexOf(seat) >= 0) tags.appendChild(el("span", "ot-passed", "✓"));
      if (clock.seat === seat && clock.deadline && !g.finished) {
        var timer = el("span", "ot-clock" + (clock.grace ? " grace" : ""));
        timer.dataset.deadline = clock.deadline;
        tags.appendChild(timer);
      }
      box.appendChild(tags);

      var status = null;
      if (info.bot_takeover) status = fmt(t.botFor, { name: info.name || seat });
      else if (!info.is_bot && info.name && !info.connected) status = t.offline;
      if (clock.seat === seat && clock.grace && !info.bot_takeover) status = (status ? status + " · " : "") + t.grace;
      if (status) box.appendChild(el("div", "ot-seat-status", status));
      if (info.muted) box.appendChild(el("div", "ot-seat-status", t.muted));
      if (isModerator && seat !== me && !info.is_bot && info.name) {
        var mute = el("button", "link ot-mute", t.mute);
        mute.type = "button";
        mute.dataset.seat = seat;
        mute.addEventListener("click", function () { send({ type: "mute", seat: seat }); });
        box.appendChild(mute);
      }
    });
    tickClocks();
  }

  function tickClocks() {
    var nodes = app.querySelectorAll(".ot-clock[data-deadline]");
    for (var i = 0; i < nodes.length; i++) {
      var left = Math.max(0, Math.ceil((Number(nodes[i].dataset.deadline) - Date.now()) / 1000));
      nodes[i].textContent = fmt(t.seconds, { s: left });
      nodes[i].classList.toggle("low", left <= 5);
    }
  }

  function trickInto(container, cards) {
    container.innerHTML = "";
    (cards || []).forEach(function (played) {
      var card = Cards.face(played.card, pattern, t, "div");
      card.classList.add("at-" + posOf(played.seat));
      card.dataset.seat = played.seat;
      container.appendChild(card);
    });
  }

  function renderTrick() {
    var v = view();
    var trick = $("ot-trick");
    var note = $("ot-note");
    trick.classList.remove("taken");
    note.textContent = "";
    if (!v) { trick.innerHTML = ""; note.textContent = t.waitPlayers; return; }
    if (v.trick && v.trick.length) {
      trickInto(trick, v.trick);
    } else if (v.last_trick && v.phase !== "over") {
      // The view carries the last trick until the next lead: it stays on the felt until then.
      trickInto(trick, v.last_trick.cards);
      trick.classList.add("taken");
      note.textContent = fmt(t.takenBy, { name: seatName(v.last_trick.taker) });
    } else {
      trick.innerHTML = "";
    }
  }

  function renderHand() {
    var container = $("ot-hand");
    if (!container) return;
    var v = view();
    var codes = hand();
    var now = todo();
    if (cursor >= codes.length) cursor = Math.max(0, codes.length - 1);
    container.innerHTML = "";
    container.dataset.todo = now;
    codes.forEach(function (code, i) {
      var card = Cards.face(code, pattern, t, "button");
      card.type = "button";
      card.tabIndex = -1;
      card.setAttribute("role", "option");
      var legal = now === "play" && isLegal(code);
      var choosable = now === "pass" || legal;
      card.disabled = !choosable;
      card.dataset.legal = legal ? "1" : "0";
      if (now === "play" && !legal) card.classList.add("illegal");
      if (selected[code]) card.classList.add("selected");
      card.setAttribute("aria-selected", selected[code] ? "true" : "false");
      if (v.received && v.received.indexOf(code) >= 0) card.classList.add("received");
      if (i === cursor) card.classList.add("cursor");
      card.addEventListener("click", function () {
        cursor = i;
        if (todo() === "pass") toggle(code);
        else play(code);
      });
      container.appendChild(card);
    });

    var need = passCount(v);
    var count = Object.keys(selected).length;
    var confirm = $("ot-confirm");
    confirm.hidden = now !== "pass";
    confirm.disabled = count !== need;

    var prompt = $("ot-prompt");
    if (state.game && state.game.finished) prompt.textContent = "";
    else if (state.paused) prompt.textContent = t.paused;
    else if (now === "pass") prompt.textContent = fmt(t.passPrompt, { n: need, name: seatName(leftOf(me)) }) + " (" + count + "/" + need + ")";
    else if (now === "play") prompt.textContent = t.yourTurn;
    else if (v && v.phase === "pass" && v.passed) prompt.textContent = t.passWait;
    else if (v && v.turn && v.phase === "play") prompt.textContent = fmt(t.waitFor, { name: seatName(v.turn) });
    else prompt.textContent = "";

    var info = $("ot-pass-info");
    info.innerHTML = "";
    if (v && v.phase !== "over" && v.passed) info.appendChild(cardLine(fmt(t.passedTo, { name: seatName(leftOf(me)) }), v.passed));
    if (v && v.phase !== "over" && v.received) info.appendChild(cardLine(fmt(t.received, { name: seatName(rightOf(me)) }), v.received));
    var legend = $("ot-legend");
    if (legend) {
      var held = v && v.phase !== "over" && v.received && v.received.some(function (c) { return v.hand.indexOf(c) >= 0; });
      legend.hidden = !held;
      if (held) $("ot-legend-text").textContent = fmt(t.legendReceived, { name: seatName(rightOf(me)) });
    }
  }

  function cardLine(label, codes) {
    var line = el("div", "ot-card-line");
    line.appendChild(el("span", "muted", label));
    Cards.sortCodes(codes).forEach(function (code) {
      line.appendChild(Cards.face(code, pattern, t, "div"));
    });
    return line;
  }

  function pointsTable(points, tricks, losers) {
    var table = el("table", "table ot-points");
    var head = el("tr");
    head.appendChild(el("th", null, ""));
    SEATS.split("").forEach(function (s) {
      var th = el("th", "num", s);
      th.title = seatName(s);
      head.appendChild(th);
    });
    table.appendChild(head);
    var row = el("tr");
    row.appendChild(el("th", null, t.points));
    SEATS.split("").forEach(function (s) {
      var cell = el("td", "num" + (losers.indexOf(s) >= 0 ? " loser" : ""), points ? String(points[s]) : "");
      row.appendChild(cell);
    });
    table.appendChild(row);
    if (tricks) {
      var trow = el("tr");
      trow.appendChild(el("th", null, fmt(t.tricks, { n: "" }).replace(/[:\s]+$/, "")));
      SEATS.split("").forEach(function (s) { trow.appendChild(el("td", "num", String(tricks[s]))); });
      table.appendChild(trow);
    }
    return table;
  }

  function renderSummary() {
    var box = $("ot-summary");
    var v = view();
    var g = state.game || {};
    var summary = null;
    if (v && v.phase === "over" && v.result) {
      summary = { number: g.deal_number, losers: v.result.loser, points: v.result.points, tricks: v.result.tricks, end: v.result.end };
    } else if (state.last_deal && v && v.phase === "pass" && !g.finished) {
      summary = { number: state.last_deal.number, losers: state.last_deal.losers, points: state.last_deal.points };
    }
    if (!summary || dismissedSummary === summary.number) { box.hidden = true; return; }
    box.hidden = false;
    box.innerHTML = "";
    box.dataset.deal = summary.number;
    box.appendChild(el("h2", null, fmt(t.dealOver, { n: summary.number })));
    var names = (summary.losers || []).map(function (s) { return s + " · " + seatName(s); }).join(", ");
    var ends = { played: t.endPlayed, early: t.endEarly, packed: t.endPacked, renonc: t.endRenonc };
    box.appendChild(el("p", "ot-losers", fmt(t.lost, { names: names }) + (summary.end ? " (" + (ends[summary.end] || summary.end) + ")" : "")));
    if (summary.points) box.appendChild(pointsTable(summary.points, summary.tricks, summary.losers || []));
    var review = reviewLink(summary.number);
    if (review) box.appendChild(review);
    if (!g.finished) {
      var next = el("button", "button", t.nextDeal);
      next.type = "button";
      next.id = "ot-next-deal";
      next.addEventListener("click", function () { dismissedSummary = summary.number; renderSummary(); });
      box.appendChild(next);
    }
  }

  // "Review this deal": the post-deal analysis, seen from my seat (a spectator: the loser's).
  function reviewLink(number) {
    var pattern = app.dataset.reviewUrl;
    if (!pattern || !number) return null;
    // While the game runs a seat's analysis is its own player's: a spectator waits for the end.
    if (!me && !(state.game && state.game.finished)) return null;
    var link = el("a", "button ot-review", t.review);
    link.href = pattern.replace("/0/review/", "/" + number + "/review/") + (me ? "?seat=" + me : "");
    return link;
  }

  function renderGameOver() {
    var box = $("ot-game-over");
    var g = state.game || {};
    if (!g.finished) { box.hidden = true; return; }
    box.hidden = false;
    box.innerHTML = "";
    box.appendChild(el("h2", null, t.gameOver));
    (g.placka || []).forEach(function (seat) {
      box.appendChild(el("p", "ot-placka", fmt(t.plackaTo, { name: seat + " · " + seatName(seat) })));
    });
    if (g.placings) {
      var table = el("table", "table ot-placings");
      var head = el("tr");
      [t.place, t.seat, t.player, t.letters].forEach(function (label) { head.appendChild(el("th", null, label)); });
      table.appendChild(head);
      SEATS.split("").slice().sort(function (a, b) { return g.placings[a] - g.placings[b]; }).forEach(function (s) {
        var row = el("tr");
        row.dataset.seat = s;
        row.appendChild(el("td", "num", String(g.placings[s])));
        row.appendChild(el("td", null, s));
        row.appendChild(el("td", null, seatName(s)));
        row.appendChild(el("td", "letters", (g.word_so_far && g.word_so_far[s]) || "–"));
        table.appendChild(row);
      });
      box.appendChild(table);
    }
    var review = reviewLink(state.last_deal && state.last_deal.number);
    if (review) box.appendChild(review);
    var again = $("ot-again");  // the page's hidden form (with its CSRF token): a copy shows
    if (again) {
      var copy = again.cloneNode(true);
      copy.id = "ot-again-here";
      copy.hidden = false;
      box.appendChild(copy);
    }
    if (lobbyUrl) {
      var link = el("a", "button", t.backToLobby);
      link.href = lobbyUrl;
      box.appendChild(link);
    }
  }

  function renderBanner() {
    var banner = $("ot-banner");
    var text = "";
    if (app.dataset.connection === "reconnecting") text = t.reconnecting;
    else if (state && state.paused) text = t.paused;
    else if (state && !state.view) text = t.waitPlayers;
    var waiting = state && state.clock && state.clock.waiting_for_director;
    var practice = app.dataset.practice === "1";
    if (!text && waiting) text = fmt(practice ? t.pausedFor : t.waitDirector, { name: waiting + " · " + seatName(waiting) });
    banner.textContent = text;
    banner.hidden = !text;
    var decide = $("ot-decide");
    if (decide) {
      decide.hidden = !waiting || !!(state.game && state.game.finished);
      $("ot-decide-text").textContent = waiting ? fmt(t.waitDirector, { name: waiting + " · " + seatName(waiting) }) : "";
    }
  }

  function showError(text) {
    var node = $("ot-error");
    node.textContent = text || "";
    node.hidden = !text;
    clearTimeout(errorTimer);
    if (text) errorTimer = setTimeout(function () { node.hidden = true; }, 6000);
  }

  // -- the last trick on request -------------------------------------------------------------------
  function showLast() {
    var overlay = $("ot-last-overlay");
    var cards = $("ot-last-cards");
    if (lastTrickSeen) {
      trickInto(cards, lastTrickSeen.cards);
      $("ot-last-taker").textContent = fmt(t.takenBy, { name: lastTrickSeen.taker + " · " + seatName(lastTrickSeen.taker) });
    } else {
      cards.innerHTML = "";
      $("ot-last-taker").textContent = t.noLastTrick;
    }
    overlay.hidden = false;
    $("ot-last-close").focus();
  }
  function hideLast() {
    $("ot-last-overlay").hidden = true;
    var handBox = $("ot-hand");
    if (handBox) handBox.focus();
  }

  // -- input -----------------------------------------------------------------------------------------
  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    if (target.closest && target.closest("input, textarea, select, #ot-chat")) return;
    var key = event.key;
    if (!$("ot-last-overlay").hidden) {
      if (key === "Escape" || key === "l" || key === "L") { event.preventDefault(); hideLast(); }
      return;
    }
    if (key === "l" || key === "L") { event.preventDefault(); showLast(); return; }
    if (!me) return;
    if (key === "p" || key === "P") { event.preventDefault(); pack(); return; }
    // Enter and Space on a toolbar button belong to that button, not to the hand.
    var onOtherButton = target.tagName === "BUTTON" && !(target.closest && target.closest("#ot-hand"));
    if (onOtherButton && (key === "Enter" || key === " ")) return;
    var codes = hand();
    if (!codes.length) return;
    var now = todo();
    if (key === "ArrowLeft" || key === "ArrowRight") {
      event.preventDefault();
      cursor = (cursor + (key === "ArrowLeft" ? codes.length - 1 : 1)) % codes.length;
      renderHand();
    } else if (/^[1-8]$/.test(key) && Number(key) <= codes.length) {
      event.preventDefault();
      cursor = Number(key) - 1;
      if (now === "pass") toggle(codes[cursor]);
      else renderHand();
    } else if (key === " " && now === "pass") {
      event.preventDefault();
      toggle(codes[cursor]);
    } else if (key === "Enter") {
      event.preventDefault();
      if (now === "pass") {
        if (Object.keys(selected).length === passCount(view())) confirmPass();
        else toggle(codes[cursor]);
      } else if (now === "play") {
        play(codes[cursor]);
      }
    }
  }

  function wire() {
    document.addEventListener("keydown", onKey);
    $("ot-pattern").addEventListener("click", function () { setPattern(pattern === "czech" ? "french" : "czech"); });
    $("ot-sound").addEventListener("click", function () {
      soundOn = !soundOn;
      store("scwu.sound", soundOn ? "on" : "off");
      if (soundOn) beep(660, 80);
      render();
    });
    $("ot-last").addEventListener("click", showLast);
    $("ot-last-close").addEventListener("click", hideLast);
    if ($("ot-pack")) $("ot-pack").addEventListener("click", pack);
    if ($("ot-confirm")) $("ot-confirm").addEventListener("click", confirmPass);
    setInterval(tickClocks, 250);
  }

  wire();
  render();
  connect();
})();
