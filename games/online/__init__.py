"""Online tables: live Smoking Cat refereed by the engine over WebSockets (issue 7).

The state of a table is always ``engine.game.Game.replay(word, seed=..., actions=...)``
of the stored row; everything else (views, clocks, bots) derives from it.
"""
