"""`/docs`: the interactive API reference, from files installed with the package, so that it works offline.

Swagger UI's script and style come from the pinned `fastapi-offline` package (pyproject.toml), which bundles them
(FastAPI's "Custom Docs UI Static Assets (Self-Hosting)"); the page and its start-up script are the desk's own
(desk/reference/), so no inline script is needed and the desk's Content-Security-Policy holds as it is.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles

REFERENCE = Path(__file__).parent / "reference"


def assets() -> Path:
    """Swagger UI's files as the fastapi-offline package installed them."""
    import fastapi_offline

    return Path(fastapi_offline.__file__).parent / "static"


def mount_reference(app: FastAPI) -> None:
    """`/docs` (the page), `/docs/reference.js` (its start-up) and `/docs/assets/` (Swagger UI)."""

    @app.get("/docs", include_in_schema=False)
    def reference_page() -> FileResponse:
        return FileResponse(REFERENCE / "index.html", media_type="text/html; charset=utf-8")

    @app.get("/docs/", include_in_schema=False)
    def reference_slash() -> RedirectResponse:
        return RedirectResponse("/docs")

    @app.get("/docs/reference.js", include_in_schema=False)
    def reference_script() -> FileResponse:
        return FileResponse(REFERENCE / "reference.js", media_type="text/javascript; charset=utf-8")

    app.mount("/docs/assets", StaticFiles(directory=assets(), follow_symlink=False), name="reference-assets")
