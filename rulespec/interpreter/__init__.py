"""The interpreter (over the model): the deadwood solver, melds, the engine by phase and `Game`.
Knows no variant by name and reads only the `Variant` model."""
