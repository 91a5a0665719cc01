"""The judge's desk: a local web page and its JSON API (FastAPI, served by uvicorn), and the command-line questions.
May import: render, solver, combat, models, cards. The web framework is imported only when the app is built."""
