/* Card faces for the online table: a card code (RULES.md: rank then suit, "QS" is Hejma) becomes
   a small DOM card in the Czech or French pattern, drawn from the page's SVG suit sprite. */
(function () {
  "use strict";
  var RANKS = "789TJQKA";
  var SUITS = "HSDC";
  // Hand order: suits alternate colour on French cards (H S D C), high cards first.
  var SUIT_ORDER = { H: 0, S: 1, D: 2, C: 3 };

  function parse(code) {
    return { rank: RANKS.indexOf(code.charAt(0)), suit: code.charAt(1) };
  }

  function format(template, values) {
    return template.replace(/\{(\w+)\}/g, function (whole, key) {
      return Object.prototype.hasOwnProperty.call(values, key) ? values[key] : whole;
    });
  }

  function name(code, pattern, t) {
    var c = parse(code);
    return format(t.cardName, {
      rank: t["ranks_" + pattern][c.rank],
      suit: t["suits_" + pattern][SUITS.indexOf(c.suit)]
    });
  }

  function suitIcon(pattern, suit, cls) {
    var ns = "http://www.w3.org/2000/svg";
    var svg = document.createElementNS(ns, "svg");
    svg.setAttribute("class", cls);
    svg.setAttribute("viewBox", "0 0 24 24");
    svg.setAttribute("aria-hidden", "true");
    var use = document.createElementNS(ns, "use");
    use.setAttribute("href", "#suit-" + pattern + "-" + suit);
    svg.appendChild(use);
    return svg;
  }

  /* A card as a button (tag "button") or a plain face (tag "div"). */
  function face(code, pattern, t, tag) {
    var c = parse(code);
    var node = document.createElement(tag || "div");
    node.className = "pc suit-" + c.suit + (code === "QS" ? " hejma" : "");
    node.dataset.card = code;
    node.setAttribute("aria-label", name(code, pattern, t) + (code === "QS" ? " (" + t.hejma + ")" : ""));
    node.title = node.getAttribute("aria-label");
    var corner = document.createElement("span");
    corner.className = "pc-corner";
    var index = document.createElement("span");
    index.className = "pc-index";
    index.textContent = t["index_" + pattern][c.rank];
    corner.appendChild(index);
    corner.appendChild(suitIcon(pattern, c.suit, "pc-small"));
    node.appendChild(corner);
    node.appendChild(suitIcon(pattern, c.suit, "pc-pip"));
    return node;
  }

  function sortCodes(codes) {
    return codes.slice().sort(function (a, b) {
      var x = parse(a), y = parse(b);
      return SUIT_ORDER[x.suit] - SUIT_ORDER[y.suit] || y.rank - x.rank;
    });
  }

  window.OnlineCards = { face: face, name: name, sortCodes: sortCodes, format: format };
})();
