"""The language's syntax (over the model): the Lark grammar, the DSL and YAML front ends, the
expression language, the printer, and the source locations every stage reports with."""
