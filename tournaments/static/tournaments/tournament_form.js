/* The tournament form (templates/tournaments/tournament_form.html):
 * - a field that matters only for some values of another (data-shown-by, data-shown-value,
 *   space-separated: the league's fields for a league, the small final's size once it is
 *   ticked, the team fields for either use of teams) shows and
 *   hides as that one changes; the server renders the same choice for the form's values;
 * - on a new tournament, choosing a series fills in what its next edition starts from: the
 *   page itself answers ?series_id=<pk> with those values (the server's, not a copy here). */
(function () {
  "use strict";
  var form = document.getElementById("tournament-form");
  if (!form) return;

  function current(name) {
    var controls = form.querySelectorAll("[name='" + name + "']");
    if (!controls.length) return "";
    var control = controls[0];
    if (control instanceof HTMLInputElement && control.type === "checkbox") {
      return control.checked ? "on" : "";
    }
    return control.value;
  }

  function showFields() {
    form.querySelectorAll("[data-shown-by]").forEach(function (part) {
      var wanted = (part.getAttribute("data-shown-value") || "").split(" ");
      var shown = wanted.indexOf(current(part.getAttribute("data-shown-by"))) >= 0;
      if (part.querySelector(".errorlist")) shown = true;
      part.hidden = !shown;
    });
  }

  function copyField(name, from) {
    var theirs = from.querySelectorAll("[name='" + name + "']");
    var ours = form.querySelectorAll("[name='" + name + "']");
    if (!theirs.length || !ours.length) return;
    if (ours[0] instanceof HTMLInputElement && ours[0].type === "checkbox") {
      var ticked = {};
      theirs.forEach(function (box) { if (box.checked) ticked[box.value] = true; });
      ours.forEach(function (box) { box.checked = ticked[box.value] === true; });
    } else if (ours[0] instanceof HTMLSelectElement && ours[0].multiple) {
      var chosen = {};
      Array.prototype.forEach.call(theirs[0].options, function (o) { if (o.selected) chosen[o.value] = true; });
      Array.prototype.forEach.call(ours[0].options, function (o) { o.selected = chosen[o.value] === true; });
    } else {
      var value = theirs[0].value;
      if (ours[0] instanceof HTMLSelectElement && theirs[0] instanceof HTMLSelectElement &&
          !Array.prototype.some.call(ours[0].options, function (o) { return o.value === value; })) {
        var option = theirs[0].querySelector("option:checked");
        if (option) ours[0].appendChild(document.importNode(option, true));
      }
      ours[0].value = value;
    }
  }

  function seriesChosen(select) {
    var address = form.getAttribute("data-series-defaults");
    var fields = (form.getAttribute("data-series-fields") || "").split(" ");
    if (!address || !select.value) return;
    fetch(address + "?series_id=" + encodeURIComponent(select.value), {
      credentials: "same-origin",
      headers: { "Accept": "text/html" }
    }).then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      return response.text();
    }).then(function (html) {
      var page = new DOMParser().parseFromString(html, "text/html");
      var theirs = page.getElementById("tournament-form");
      if (!theirs) return;
      fields.forEach(function (name) { if (name) copyField(name, theirs); });
      showFields();
      var note = document.getElementById("series-note");
      if (note) note.hidden = false;
    }).catch(function () { /* the form works without the defaults */ });
  }

  form.addEventListener("change", function (event) {
    var target = event.target;
    if (target instanceof HTMLSelectElement && target.name === "series") seriesChosen(target);
    showFields();
  });
  showFields();
}());
