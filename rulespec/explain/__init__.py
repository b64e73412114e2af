"""Explain (over the compiler): a resolved rule document read aloud in plain English."""
