/* Tick-box lists (scwu/widgets.py): the filter box above a list hides the names that do not
 * match (no case, no accents). Without script the list is whole and the box stays hidden. */
(function () {
  "use strict";
  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  function apply(box) {
    var list = box.closest("[data-pick-list]");
    if (!list) return;
    var wanted = fold(box.value.trim());
    var shown = 0;
    list.querySelectorAll(".pick-option").forEach(function (row) {
      var match = wanted === "" || fold(row.textContent || "").indexOf(wanted) !== -1;
      row.hidden = !match;
      if (match) shown += 1;
    });
    var none = list.querySelector(".pick-none");
    if (none) none.hidden = shown > 0;
  }
  document.querySelectorAll("[data-pick-filter]").forEach(function (box) {
    box.hidden = false;
    if (box.value) apply(box);
  });
  document.addEventListener("input", function (event) {
    var box = event.target;
    if (box instanceof HTMLInputElement && box.hasAttribute("data-pick-filter")) apply(box);
  });
  /* Enter in the filter must not submit the form half filled in. */
  document.addEventListener("keydown", function (event) {
    var box = event.target;
    if (event.key === "Enter" && box instanceof HTMLInputElement &&
        box.hasAttribute("data-pick-filter")) event.preventDefault();
  });
}());
