/* Live results and the standings projector: poll a small JSON endpoint with the version the
 * page shows and swap the fragment only when the results changed (no full reload). The
 * projector also cycles through pages of rows. */
(function () {
  "use strict";

  function poll(root, onSwap) {
    var every = Math.max(2, parseInt(root.dataset.every || "5", 10)) * 1000;
    var busy = false;
    function tick() {
      if (busy || document.hidden) { return; }
      busy = true;
      var url = root.dataset.pollUrl;
      url += (url.indexOf("?") < 0 ? "?" : "&") + "since=" + encodeURIComponent(root.dataset.version);
      fetch(url, {credentials: "same-origin", headers: {"Accept": "application/json"}})
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (data) {
          if (data && data.changed && data.html) {
            root.innerHTML = data.html;
            root.dataset.version = data.version;
            if (onSwap) { onSwap(); }
          }
        })
        .catch(function () { /* offline for a moment: the next tick tries again */ })
        .then(function () { busy = false; });
    }
    setInterval(tick, every);
    document.addEventListener("visibilitychange", tick);
  }

  // The time in the page's language on a 24-hour clock, as the server writes it (TIME_FORMAT
  // "H:i"): the browser's own locale would say "9:43:12 PM" on an American system.
  var clock = new Intl.DateTimeFormat(document.documentElement.lang || "en", {
    hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23"
  });

  function stamp(root) {
    var out = document.getElementById("results-updated");
    if (out) { out.textContent = (root.dataset.updatedText || "") + " " + clock.format(new Date()); }
  }

  function pager(root) {
    var size = parseInt(root.dataset.rows || "12", 10);
    var label = document.getElementById("proj-page");
    var page = 0;
    function show() {
      var rows = root.querySelectorAll("tbody tr");
      var pages = Math.max(1, Math.ceil(rows.length / size));
      if (page >= pages) { page = 0; }
      for (var i = 0; i < rows.length; i++) {
        rows[i].hidden = Math.floor(i / size) !== page;
      }
      if (label) { label.textContent = pages > 1 ? (page + 1) + " / " + pages : ""; }
    }
    show();
    setInterval(function () { page += 1; show(); },
      Math.max(2, parseInt(root.dataset.pageEvery || "10", 10)) * 1000);
    document.addEventListener("dblclick", function () {
      if (document.documentElement.requestFullscreen) { document.documentElement.requestFullscreen(); }
    });
    return show;
  }

  // Print buttons ([data-print]) are handled site-wide by scwu/site.js.
  var live = document.getElementById("results-live");
  if (live) { poll(live, function () { stamp(live); }); }
  var projector = document.getElementById("results-projector");
  if (projector) { poll(projector, pager(projector)); }
})();
