"""Player rating: OpenSkill (Plackett-Luce) over every deal's loser at the table.

* :mod:`tournaments.rating.skill` is pure (no Django): the order of finish at a table and
  the rating update;
* :mod:`tournaments.rating.models` keeps each player's rating and its history;
* :mod:`tournaments.rating.services` rates the finished games (the Celery task
  ``rating.update`` runs it after each game, on commit);
* :mod:`tools.rating_check` measures whether the rating predicts the tables.
"""
