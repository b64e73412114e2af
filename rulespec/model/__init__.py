"""The model (over core): the frozen `Variant`, plain data, and the catalog of expression names."""
