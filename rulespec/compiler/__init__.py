"""The compiler (over grammar): resolve `extends`, validate against the schema, check, build the
`Variant`, and the loader that runs these stages in order."""
