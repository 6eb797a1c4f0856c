"""One module per screen; importing the package gives the navigator its routes (``routes.py``)."""

from game.app.navigator import install_routes
from game.scenes.routes import ROUTES

install_routes(ROUTES)
