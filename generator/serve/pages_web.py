"""The kit's web page in one of its languages (`/web/<lang>.html`), as `build` writes it
into the kit (generator/kit/web_page.py), from the content as it is now: to see it before
building. The page's own Content-Security-Policy goes with it (its inline style and script
allowed by their digests, nothing else), in place of the server's."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

from generator.kit.web_page import page_policy, render_web_page
from generator.serve.web import workspace
from generator.serve.workspace import Workspace


async def web_page(request: Request) -> Response:
    ws = workspace(request)
    return await ws.run(_page, ws, request.path_params["lang"],
                        request.query_params.get("article"))


def _page(ws: Workspace, lang: str, slug: str | None) -> Response:
    kit = ws.state().kit
    if kit is None:
        return PlainTextResponse("The kit does not load: see the Overview.", 409)
    if lang not in kit.site.options.languages:
        return PlainTextResponse("No such language in this kit.", 404)
    slug = slug or kit.site.article_slugs[0]
    if lang not in kit.library.get(slug, {}):
        return PlainTextResponse("No such article in this language.", 404)
    return Response(render_web_page(kit, slug, lang), media_type="text/html; charset=utf-8",
                    headers={"content-security-policy": f"{page_policy(kit)}; "
                                                        "frame-ancestors 'none'"})
