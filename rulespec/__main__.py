"""`python -m rulespec`: the same as the `rulespec` command."""

import sys

from rulespec.cli.main import main

sys.exit(main())
