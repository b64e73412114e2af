"""The `rulespec` command (top layer): one module per subcommand, over everything below."""
