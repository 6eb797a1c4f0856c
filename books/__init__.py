"""Package marker: lets importlib.resources find this data folder as game.bundled.*"""
