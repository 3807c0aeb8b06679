"""Season-long schedules: repeat-free designs shipped with the project.

* :mod:`.catalogue` loads ``catalogue.json`` (recipes, not tables), expands
  and verifies every design, and answers :func:`best_design`;
* :mod:`.orbits`, :mod:`.negation`, :mod:`.mols` (with :mod:`.wilson`),
  :mod:`.inflate`, :mod:`.frames` and :mod:`tournaments.pairing.cyclic` are the
  constructions; :mod:`.basesearch`, :mod:`.exact`, :mod:`.lifted` (CP-SAT,
  the optional extra ``schedules``) and :mod:`.build` are the offline
  searches that filled the catalogue;
* :mod:`.extras` seats one to three extra players at tables of five;
* :mod:`.seating` balances seat A over a whole schedule.

:func:`tournaments.pairing.schedule_make` uses all of it.
"""

from .catalogue import CatalogueError, Design, best_design, cache_clear, designs, verify

__all__ = ["CatalogueError", "Design", "best_design", "cache_clear", "designs", "verify"]
