"""A tournament's results from the database: the adapter to the standings maths, the
selectors the pages and the API read, release control and the recomputation of placings.

Layers: :mod:`.loading` (queries into plain records), :mod:`.compute` (records into
standings, the cut and its play-off, the finals, the classification), :mod:`.selectors`
(cached reads by results version), :mod:`.services` (writes) and :mod:`.playoff`.
"""
