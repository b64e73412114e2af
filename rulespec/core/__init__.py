"""Core (the bottom layer): card codes and texts, moves, errors; imports nothing of ours."""
