"""Dragon Tiger, a game of its own beside baccarat: the exact odds of every bet on any shoe
(game.py), the effects of removal and the counts fitted to them (eor.py), and dealt shoes
priced exactly before every hand (simulate.py)."""
