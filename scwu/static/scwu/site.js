/* Site-wide behaviour that must not be inline (our content security policy forbids inline
 * handlers): any element with a data-print attribute prints the page when clicked. */
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var target = event.target instanceof Element ? event.target.closest("[data-print]") : null;
    if (!target) return;
    event.preventDefault();
    window.print();
  });
}());

/* Whose copies the table page's service worker may keep (scwu/security/offline.py): every
 * page tells it the scope of the session it was served to, and the worker drops the copies of
 * every other scope. A signed-out page ("public") so drops the judge's copies of a phone
 * passed on, even when the sign-out's Clear-Site-Data did not reach it. */
(function () {
  "use strict";
  var meta = document.querySelector("meta[name=scwu-offline-scope]");
  var scope = meta && meta.content;
  if (!scope || !("serviceWorker" in navigator) || !navigator.serviceWorker.getRegistrations) return;
  navigator.serviceWorker.getRegistrations().then(function (registrations) {
    registrations.forEach(function (registration) {
      if (registration.active) registration.active.postMessage({ type: "scope", scope: scope });
    });
  }, function () { /* no workers here */ });
}());

/* Pages that update themselves (templates/_refresh.html): reload every data-refresh seconds,
 * never while a form is being filled in, and not at all once the reader pressed "Pause
 * updates" (a meta refresh could not be stopped). */
(function () {
  "use strict";
  var note = document.querySelector("[data-refresh]");
  var seconds = note ? parseInt(note.getAttribute("data-refresh") || "", 10) : 0;
  if (!note || !(seconds > 0)) return;
  var pause = note.querySelector("[data-refresh-pause]");
  note.hidden = false;
  function paused() {
    return pause !== null && pause.getAttribute("aria-pressed") === "true";
  }
  function busy() {
    var active = document.activeElement;
    if (active && active.closest && active.closest("form") && active.tagName !== "BUTTON") return true;
    var fields = document.querySelectorAll("main form textarea, main form input[type=number], main form input[type=text]");
    for (var i = 0; i < fields.length; i += 1) {
      if (fields[i].value) return true;
    }
    return false;
  }
  if (pause) {
    pause.addEventListener("click", function () {
      pause.setAttribute("aria-pressed", paused() ? "false" : "true");
    });
  }
  window.setInterval(function () {
    if (!paused() && !busy()) window.location.reload();
  }, seconds * 1000);
}());

/* Wide tables ({% widetable %}): while a table is wider than its frame, the wrapper says so
 * (data-overflowing: the far edge fades and the "scroll" hint shows) and, once scrolled to
 * the end, data-at-end (the fade goes). Checked on load, on resize, on scroll, and whenever
 * the page swaps content in (the live results replace their tables as they poll). */
(function () {
  "use strict";
  function check(wrapper) {
    var box = wrapper.querySelector(".wide-table-scroll");
    var hint = wrapper.querySelector(".wide-table-hint");
    if (!box) return;
    var over = box.scrollWidth - box.clientWidth > 1;
    var atEnd = !over || box.scrollLeft + box.clientWidth >= box.scrollWidth - 1;
    wrapper.toggleAttribute("data-overflowing", over);
    wrapper.toggleAttribute("data-at-end", atEnd);
    if (hint) hint.hidden = !over;
    if (!box.dataset.watched) {
      box.dataset.watched = "1";
      box.addEventListener("scroll", function () { check(wrapper); }, { passive: true });
    }
  }
  function checkAll() {
    document.querySelectorAll("[data-wide-table]").forEach(check);
  }
  var queued = false;
  function later() {
    if (queued) return;
    queued = true;
    window.requestAnimationFrame(function () { queued = false; checkAll(); });
  }
  checkAll();
  window.addEventListener("resize", later);
  window.addEventListener("load", later);
  if (window.MutationObserver) {
    new MutationObserver(later).observe(document.body, { childList: true, subtree: true });
  }
}());
