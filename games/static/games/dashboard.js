/* The round dashboard of a referee: reload every 30 s to show new calls and results, as the
 * public dashboard does with a meta refresh, but never while a form is being filled in. */
(function () {
  "use strict";
  var EVERY_MS = 30000;
  function busy() {
    var active = document.activeElement;
    if (active && active.closest && active.closest("form") && active.tagName !== "BUTTON") return true;
    var fields = document.querySelectorAll("main form textarea, main form input[type=number], main form input[type=text]");
    for (var i = 0; i < fields.length; i += 1) {
      if (fields[i].value) return true;
    }
    return false;
  }
  window.setInterval(function () {
    if (!busy()) window.location.reload();
  }, EVERY_MS);
}());
