"""The `.rules` front end: the Lark grammar, its cached parser, document builder, printer."""
