"""The web table of `rulespec serve` (web layer, over sim and bots; under the CLI).

Needs the optional extra `rulespec[web]` (Starlette, uvicorn). Modules:
`tables` (one match and what each seat sees), `store` (tables on disk),
`lobby` (variants, pasted rules, explain, new tables), `protocol` (the socket
messages), `hub` (live connections) and `app` (the routes); `static/` holds the
browser client.
"""
