/* The entries page (templates/tournaments/entries.html), the registration desk:
 * - the filter (name, club, status) hides the rows that do not match as the director types;
 *   without script the same form asks the server (?name=&club=&status=);
 * - a check-in (or a withdrawal) answers in place: the same POST, sent by fetch, brings the
 *   row back as it is now and the page stays where it was; without script the POST answers
 *   with the page at the row. */
(function () {
  "use strict";
  var rows = document.getElementById("entry-rows");
  if (!rows) return;
  var filter = document.getElementById("entries-filter");

  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().trim();
  }

  function applyFilter() {
    if (!filter) return;
    var name = fold(filter.elements.namedItem("name").value || "");
    var clubField = filter.elements.namedItem("club");
    var club = clubField ? clubField.value : "";
    var status = filter.elements.namedItem("status").value;
    var shown = 0;
    rows.querySelectorAll(".entry-row").forEach(function (row) {
      var match = (name === "" || fold(row.getAttribute("data-name") || "").indexOf(name) !== -1) &&
        (club === "" || row.getAttribute("data-club") === club) &&
        (status === "" || row.getAttribute("data-status") === status);
      row.hidden = !match;
      if (match) shown += 1;
    });
    var none = document.getElementById("entries-none");
    if (none) none.hidden = shown > 0;
    // The address keeps the filter: a reload, or a toggle without script, comes back to it.
    var query = new URLSearchParams(window.location.search);
    [["name", name ? filter.elements.namedItem("name").value.trim() : ""], ["club", club], ["status", status]]
      .forEach(function (pair) { if (pair[1]) query.set(pair[0], pair[1]); else query.delete(pair[0]); });
    var search = query.toString();
    window.history.replaceState(null, "", window.location.pathname + (search ? "?" + search : "") + window.location.hash);
  }

  if (filter) {
    // The list follows the filter as it is typed: its button is for pages without script.
    filter.querySelectorAll("button[type=submit]").forEach(function (button) { button.hidden = true; });
    filter.addEventListener("input", applyFilter);
    filter.addEventListener("change", applyFilter);
    filter.addEventListener("submit", function (event) { event.preventDefault(); applyFilter(); });
  }

  function showError(row, text) {
    var box = row && row.querySelector(".entry-error");
    if (!box) return;
    box.textContent = text;
    box.hidden = !text;
  }

  rows.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-in-place")) return;
    event.preventDefault();
    var row = form.closest(".entry-row");
    var body = new FormData(form);  // the toggle's value is a field of the form, not its button
    form.querySelectorAll("button").forEach(function (button) { button.disabled = true; });
    fetch(form.action, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "Accept": "application/json" }
    }).then(function (response) {
      var type = response.headers.get("Content-Type") || "";
      if (type.indexOf("application/json") === -1) throw new Error("not in place");
      return response.json();
    }).then(function (answer) {
      var holder = document.createElement("div");
      holder.innerHTML = answer.row;
      var fresh = holder.firstElementChild;
      if (fresh && row) {
        fresh.hidden = false;  // the row just changed stays in sight until the filter changes
        row.replaceWith(fresh);
        var again = fresh.querySelector("form[data-in-place] button");
        if (again) again.focus({ preventScroll: true });
        showError(fresh, (answer.errors || []).join(" "));
      }
      var summary = document.getElementById("entries-summary");
      if (summary && answer.summary) summary.textContent = answer.summary;
    }).catch(function () {
      // Not answered in place (signed out, a page instead of the row): the plain POST.
      form.submit();
    });
  });
}());
